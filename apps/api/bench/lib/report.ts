import { execFileSync } from 'node:child_process';
import { loadAverage, machine } from './stats';

/**
 * The code measured: the commit, and the uncommitted changes in the working tree (other than the
 * benchmark's own files), since the code under test may be changing while it runs.
 */
export function codeVersion(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.slice(3).trim())
      .filter((f) => f && !f.startsWith('apps/api/bench/') && f !== 'docs/benchmarks.md');
    if (changed.length === 0) return `${commit} (uncommitted: only the benchmark's own files, if any)`;
    const some = changed.slice(0, 4).join(', ');
    return `${commit} + uncommitted work in progress (${changed.length} files: ${some}${changed.length > 4 ? ', …' : ''})`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function printHeader(title: string): void {
  console.log(`\n${title}`);
  console.log(`date      ${new Date().toISOString()}`);
  console.log(`code      ${codeVersion()}`);
  console.log(`machine   ${machine()}`);
  console.log(`load avg  ${loadAverage()} (1 / 5 / 15 min) before\n`);
}

/** Logs a progress line with the seconds since start. */
export function logger(): (m: string) => void {
  const t0 = performance.now();
  return (m) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${m}`);
}

/** Stops the benchmark's processes on Ctrl-C before exiting. */
export function onInterrupt(cleanup: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log('\ninterrupted: stopping the app and PostgreSQL…');
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
