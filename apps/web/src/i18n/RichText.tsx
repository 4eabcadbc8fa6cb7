import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

/**
 * A translated text with markup: "<b>{{n}}</b> directs" or "read the <terms>terms</terms>". Each tag named in
 * `components` wraps its words in that element (a link, bold), a self-closing one (<amount/>) is replaced by
 * it; any other tag is shown as written, so a value typed by someone never becomes markup. Tags do not nest.
 */
export function RichText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(/<(\w+)>([^<]*)<\/\1>|<(\w+)\s*\/>/g)) {
    const element = components[m[1] ?? m[3] ?? ''];
    if (element === undefined) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = m.index;
    out.push(m[2] === undefined ? cloneElement(element, { key }) : cloneElement(element, { key }, m[2]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <Fragment>{out}</Fragment>;
}
