import type { Plugin } from 'vite';

/**
 * Mantine's `Table` carries `Table.ScrollContainer`, which draws its own scrollbars with `ScrollArea`, which
 * imports the floating-ui positioning library: any page with a table downloaded about 21 kB gzip of code for
 * scrollbars it could draw natively (decision 0046's first screen). This rewrites that one module so the container is
 * always the browser's own scroller (Mantine's `type="native"`), keeping its styles and props. The build fails if
 * the module no longer looks as expected (a Mantine upgrade), rather than silently keeping the heavy path.
 */
export function nativeTableScroll(): Plugin {
  const file = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/;
  const edits: [string, string][] = [
    ['import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";', ''],
    ['const defaultProps = { type: "scrollarea" };', 'const defaultProps = { type: "native" };'],
    ['component: type === "scrollarea" ? ScrollArea : "div"', 'component: "div"'],
  ];
  return {
    name: 'sgx-native-table-scroll',
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id.split('?')[0] ?? id)) return null;
      let out = code;
      for (const [from, to] of edits) {
        if (!out.includes(from))
          throw new Error(`nativeTableScroll: "${from}" not found in ${id} (Mantine changed?)`);
        out = out.replace(from, to);
      }
      if (/\bScrollArea\b/.test(out.replace(/\/\/#.*$/gm, '')))
        throw new Error(`nativeTableScroll: ${id} still uses ScrollArea`);
      return { code: out, map: null };
    },
  };
}
