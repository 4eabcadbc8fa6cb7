import { fork } from 'node:child_process';
import path from 'node:path';

export type CapturedStatement = { text: string; values: unknown[] };
export type ServerProcess = {
  base: string;
  pid: number;
  stop: () => Promise<void>;
  /** The statements (text and values) the app sent to PostgreSQL while `during` ran. */
  captureSql: (during: () => Promise<unknown>) => Promise<CapturedStatement[]>;
};

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Starts the app under test in a child process (bench/lib/server-child.ts) and waits until it listens. */
export function startServerProcess(
  databaseUrl: string,
  /** More environment for the child, e.g. BENCH_REPLICA_URL (server-child.ts). */
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = fork(path.join(import.meta.dirname, 'server-child.ts'), [], {
    cwd: repoRoot,
    // BENCH_CPU_PROF=dir: the app's CPU profile (node --cpu-prof) written there when it stops.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.send('stop');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const answer = <T>(key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (!(key in m)) return;
        child.off('message', on);
        resolve(m[key] as T);
      };
      child.on('message', on);
    });
  const captureSql = async (during: () => Promise<unknown>) => {
    const ready = answer<boolean>('capturing');
    child.send({ capture: true });
    await ready;
    await during();
    const statements = answer<CapturedStatement[]>('statements');
    child.send({ capture: false });
    return statements;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the app did not start within 120 s'));
    }, 120_000);
    child.once('message', (m: { base?: string }) => {
      clearTimeout(timer);
      if (!m.base) return reject(new Error('the app child sent no address'));
      resolve({ base: m.base, pid: child.pid ?? 0, stop, captureSql });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app child exited (${code}) before listening`));
    });
  });
}
