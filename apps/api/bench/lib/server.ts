import { fork } from 'node:child_process';
import path from 'node:path';

export type ServerProcess = { base: string; pid: number; stop: () => Promise<void> };

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Starts the app under test in a child process (bench/lib/server-child.ts) and waits until it listens. */
export function startServerProcess(databaseUrl: string): Promise<ServerProcess> {
  const child = fork(path.join(import.meta.dirname, 'server-child.ts'), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
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
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the app did not start within 120 s'));
    }, 120_000);
    child.once('message', (m: { base?: string }) => {
      clearTimeout(timer);
      if (!m.base) return reject(new Error('the app child sent no address'));
      resolve({ base: m.base, pid: child.pid ?? 0, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app child exited (${code}) before listening`));
    });
  });
}
