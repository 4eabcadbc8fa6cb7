/** Command-line flags of the benchmarks: `--name value`, `--name=value`, or a bare `--flag`. */
export type Flags = Map<string, string | true>;

export function parseFlags(argv: string[] = process.argv.slice(2)): Flags {
  const flags: Flags = new Map();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument "${arg}" (flags start with --)`);
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags.set(arg.slice(2, eq), arg.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      flags.set(arg.slice(2), next);
      i++;
    } else {
      flags.set(arg.slice(2), true);
    }
  }
  return flags;
}

/** A positive integer flag, or `fallback` when absent. */
export function intFlag(flags: Flags, name: string, fallback: number): number {
  const v = flags.get(name);
  if (v === undefined) return fallback;
  const n = Number(typeof v === 'string' ? v.replace(/[_,]/g, '') : Number.NaN);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} takes a positive whole number`);
  return n;
}

/** A comma-separated list flag, checked against the allowed names; all of them when absent. */
export function listFlag<T extends string>(flags: Flags, name: string, allowed: readonly T[]): T[] {
  const v = flags.get(name);
  if (v === undefined) return [...allowed];
  if (v === true) throw new Error(`--${name} takes a list, e.g. --${name} ${allowed.slice(0, 2).join(',')}`);
  const picked = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const p of picked) {
    if (!(allowed as readonly string[]).includes(p))
      throw new Error(`--${name}: unknown "${p}" (choose from ${allowed.join(', ')})`);
  }
  return allowed.filter((a) => picked.includes(a));
}

/** Refuses flags this command does not know (a typo should not silently run the default). */
export function checkKnown(flags: Flags, known: string[]): void {
  for (const k of flags.keys()) {
    if (!known.includes(k))
      throw new Error(`Unknown flag --${k} (known: ${known.map((x) => `--${x}`).join(' ')})`);
  }
}
