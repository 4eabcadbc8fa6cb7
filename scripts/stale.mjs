// Whether a build output is missing or older than any of its sources (files or folders, walked whole).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time under `p` (0 when it does not exist). */
export function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

/** True when `output` is missing or older than the newest of `sources` (paths relative to `root`). */
export function isStale(root, output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((s) => newest(path.join(root, s))));
}
