import path from 'node:path';
import type { Plugin } from 'vite';

/** The modules each signed-in area needs first, and where the public pages are (paths from the web root). */
export interface AreaChunksOptions {
  /** Area name (the chunk's name) -> the modules of its first screen (its frame, the page it lands on). */
  areas: Record<string, string[]>;
  /** Folder of the public pages: what any of them imports is never in an area's chunk. */
  publicPages: string;
  /** The public first screens' page modules: what one of them and an area's first screen both need is `shared`. */
  publicFirst: string[];
  /**
   * Signed-in pages opened directly often enough to have a first screen of their own (Web3 deposit, from the
   * dashboard and from links): group name -> the page's modules. What the page needs beyond the entry, `shared`
   * and the areas' chunks is one chunk, not a dozen small files; another page using one of its modules loads it.
   */
  pages?: Record<string, string[]>;
}

const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const IMPORT_NAMED = /import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']\s*;?/g;
const IMPORT_ALL = /import\s*\*\s*as\s*([\w$]+)\s*from\s*["']([^"']+)["']\s*;?/g;
const EXPORT_FROM = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']\s*;?/g;
const EXPORT_LIST = /export\s*\{([^}]*)\}\s*;?/g;
const EXPORT_ALL = /export\s*\*\s*(?:as\s+[\w$]+\s*)?from\s*["']([^"']+)["']\s*;?/g;

/** `a, b as c, default as D` -> [[a, a], [b, c], [default, D]] (imported or local name, then its new name). */
const bindings = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim().split(/\s+as\s+/))
    .filter((p) => p[0])
    .map(([from = '', to]) => [from, to ?? from] as const);

/**
 * A package's index that only re-exports (Mantine's, Tabler's icons): name -> the specifier of the module that
 * defines it, or null when the module is not such an index (or re-exports names it does not list).
 */
function barrelNames(code: string): Map<string, string> | null {
  const text = code.replace(COMMENTS, '');
  const names = new Map<string, string>();
  const local = new Map<string, string>();
  for (const [, list = '', spec = ''] of text.matchAll(IMPORT_NAMED)) {
    for (const [, to] of bindings(list)) local.set(to, spec);
  }
  for (const [, name = '', spec = ''] of text.matchAll(IMPORT_ALL)) local.set(name, spec);
  for (const [, list = '', spec = ''] of text.matchAll(EXPORT_FROM)) {
    for (const [, to] of bindings(list)) names.set(to, spec);
  }
  const rest = text.replace(IMPORT_NAMED, '').replace(IMPORT_ALL, '').replace(EXPORT_FROM, '');
  for (const [, list = ''] of rest.matchAll(EXPORT_LIST)) {
    for (const [from, to] of bindings(list)) {
      const spec = local.get(from);
      if (spec !== undefined) names.set(to, spec);
    }
  }
  const left = rest.replace(EXPORT_LIST, '').trim();
  if (left !== '' || new RegExp(EXPORT_ALL.source).test(text) || names.size < 20) return null;
  return names;
}

/** The names a module imports from each specifier; `*` when it takes the whole module. */
function importedNames(code: string): Map<string, Set<string>> {
  const text = code.replace(COMMENTS, '');
  const out = new Map<string, Set<string>>();
  const add = (spec: string, name: string) => {
    const set = out.get(spec) ?? new Set<string>();
    set.add(name);
    out.set(spec, set);
  };
  for (const [whole, list = '', spec = ''] of text.matchAll(IMPORT_NAMED)) {
    if (/^import\s*[\w$]+\s*,/.test(whole)) add(spec, '*');
    for (const [from] of bindings(list)) add(spec, from.replace(/^type\s+/, ''));
  }
  for (const [, , spec = ''] of text.matchAll(IMPORT_ALL)) add(spec, '*');
  for (const [, spec = ''] of text.matchAll(/import\s+[\w$]+\s+from\s*["']([^"']+)["']/g)) add(spec, '*');
  for (const [, list = '', spec = ''] of text.matchAll(EXPORT_FROM)) {
    for (const [from] of bindings(list)) add(spec, from);
  }
  for (const [, spec = ''] of text.matchAll(EXPORT_ALL)) add(spec, '*');
  return out;
}

/**
 * Groups of the signed-in areas' first screens (decision 0051). Left to the bundler, the member dashboard came in
 * about 60 files of one to three kB (each menu icon, each Mantine part, each of the app's small modules its
 * own file): on a phone's slow network each file costs a round trip on one of six connections, more than its
 * bytes. Here, what an area's first screen needs that the entry, the public pages and the other area's first
 * screen do not is one chunk per area, and what both areas' first screens need is one more (`frames`). A public
 * page never loads them, as nothing it imports is in them; another page of the area reuses them, as they came
 * with its frame; a first screen loads no module only the other area's first screen needs. And what a public
 * first screen (first-screen.json's routes) and a signed-in one both need (Mantine's card, alert, paper, the page
 * frame, the money format: about twenty small files) is one chunk, `shared`, with everything it imports beyond
 * the entry: the landing went from 24 files to 9 and the dashboard from 38 to 20, each a little lighter too.
 *
 * The sets are worked out from the module graph once the build has read every module (`buildEnd`), and read by
 * the `test` of each group (`groups()`), which the bundler calls afterwards, when it makes the chunks. Through
 * a package index that only re-exports (`@mantine/core`, `@tabler/icons-react`), only the modules of the names
 * imported are followed: the index names all of them, and the bundler keeps only those used. A name it cannot
 * place makes the whole index followed, which can only leave a module out of a group, never put a public page's
 * module in one.
 */
export function areaChunks({ areas, publicPages, publicFirst, pages = {} }: AreaChunksOptions) {
  let root = process.cwd();
  const membership = new Map<string, string>();

  const plugin: Plugin = {
    name: 'sgx:area-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildEnd() {
      membership.clear();
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const barrels = new Map<string, Map<string, string> | null>();
      const barrelOf = (id: string) => {
        if (!barrels.has(id)) {
          const m = info(id);
          const code = m?.code;
          barrels.set(
            id,
            code && id.includes('node_modules') && (m?.importedIds.length ?? 0) >= 20
              ? barrelNames(code)
              : null,
          );
        }
        return barrels.get(id) ?? null;
      };
      const resolved = new Map<string, string | null>();
      const resolve = async (spec: string, importer: string) => {
        const key = `${path.dirname(importer)}\0${spec}`;
        if (!resolved.has(key)) resolved.set(key, (await this.resolve(spec, importer))?.id ?? null);
        return resolved.get(key) ?? null;
      };
      /** The modules `id` needs: its static imports, through an index only the names it imports. */
      const edges = new Map<string, string[]>();
      for (const id of ids) {
        const m = info(id);
        const direct = m?.importedIds ?? [];
        if (!direct.some((d) => barrelOf(d) !== null) || !m?.code) {
          edges.set(id, [...direct]);
          continue;
        }
        const names = importedNames(m.code);
        const specs = new Map<string, string[]>();
        for (const spec of names.keys()) {
          const target = await resolve(spec, id);
          if (target !== null) specs.set(target, [...(specs.get(target) ?? []), spec]);
        }
        const out: string[] = [];
        for (const d of direct) {
          const map = barrelOf(d);
          const wanted = (specs.get(d) ?? []).flatMap((s) => [...(names.get(s) ?? [])]);
          const places = map === null ? null : wanted.map((n) => map.get(n));
          if (map === null || places === null || wanted.length === 0 || places.includes(undefined)) {
            out.push(d);
            continue;
          }
          for (const spec of new Set(places as string[])) {
            const target = await resolve(spec, d);
            out.push(target ?? d);
          }
        }
        edges.set(id, out);
      }
      /** Every module reached from `from`. */
      const closure = (from: string[]) => {
        const into = new Set<string>();
        const stack = [...from];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (into.has(id)) continue;
          into.add(id);
          for (const next of edges.get(id) ?? info(id)?.importedIds ?? []) stack.push(next);
        }
        return into;
      };
      const entries = ids.filter((id) => info(id)?.isEntry);
      const under = (folder: string) => {
        const dir = path.resolve(root, folder) + path.sep;
        return ids.filter((id) => id.startsWith(dir));
      };
      const shared = closure([...entries, ...under(publicPages)]);
      const initial = closure(entries);
      const publicFirstNeeds = closure(publicFirst.map((m) => path.resolve(root, m)));
      const byArea = Object.entries(areas).map(([name, modules]) => {
        const first = modules.map((m) => path.resolve(root, m));
        for (const start of first) {
          if (!ids.includes(start)) throw new Error(`area chunks: ${start} is not in the build`);
        }
        return { name, first: closure(first) };
      });
      // An area's own chunk: what its first screen needs and no other area's first screen does. `frames`: what
      // every area's first screen needs. So no first screen loads a module only another area needs; a later page
      // of one area using a module of the other's first screen loads that area's chunk too (a few kB, once).
      for (const { name, first } of byArea) {
        for (const id of first) {
          if (id.startsWith('\0') || barrelOf(id) !== null || initial.has(id)) continue;
          if (publicFirstNeeds.has(id)) membership.set(id, 'shared');
          if (shared.has(id)) continue;
          membership.set(id, byArea.every((a) => a.first.has(id)) ? 'frames' : name);
        }
      }
      // A page's own: what is left of its first screen once the areas have theirs.
      for (const [name, modules] of Object.entries(pages)) {
        for (const id of closure(modules.map((m) => path.resolve(root, m)))) {
          if (id.startsWith('\0') || barrelOf(id) !== null || initial.has(id) || shared.has(id)) continue;
          if (publicFirstNeeds.has(id) || membership.has(id)) continue;
          membership.set(id, name);
        }
      }
    },
  };

  /** The groups for `build.rolldownOptions.output.codeSplitting.groups`, after the libraries' own groups. */
  const groups = () => [
    // What a public first screen and a signed-in one both need, with all it imports (so no chunk cycle).
    { name: 'shared', test: (id: string) => membership.get(id) === 'shared' },
    ...['frames', ...Object.keys(areas), ...Object.keys(pages)].map((name) => ({
      name,
      test: (id: string) => membership.get(id) === name,
      // Only the modules named: a dependency shared with a public page stays where the bundler put it. No
      // chunk cycle can follow: what the entry and the public pages import never imports an area's modules.
      includeDependenciesRecursively: false,
    })),
  ];

  return { plugin, groups };
}
