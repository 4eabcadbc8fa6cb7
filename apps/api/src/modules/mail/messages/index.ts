import { type Locale, locales } from '@sgx/contracts';
import { en, type MailKey, type MailMessages } from './en';
import { es } from './es';
import { hi } from './hi';

export type { MailKey } from './en';

/** Every language the server mails in, as the web app ships them (users.locale, decision 0039). */
export const mailCatalogue: { readonly [L in Locale]: MailMessages } = { en, es, hi };

/** The {{names}} a text needs, read from its English literal. */
type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

export type MailVars<K extends MailKey> = { readonly [P in Placeholders<(typeof en)[K]>]: string | number };

/** A member's saved language as the mail's: null (the browser's) or anything unknown is English. */
export function mailLocale(locale: string | null | undefined): Locale {
  return (locales as readonly string[]).includes(locale ?? '') ? (locale as Locale) : 'en';
}

/** One e-mail text in the member's language with its {{placeholders}} filled in. */
export function mailText<K extends MailKey>(
  locale: string | null | undefined,
  key: K,
  vars: MailVars<K>,
): string {
  const values = vars as Readonly<Record<string, string | number>>;
  return mailCatalogue[mailLocale(locale)][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
