import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** npm run bench:web's ports (decision 0056): chosen by flag or environment, not only fixed offsets of --port. */
const script = path.resolve(import.meta.dirname, '../bench/lighthouse.mjs');
const ports = (args: string[], env: Record<string, string> = {}) =>
  JSON.parse(
    execFileSync(process.execPath, [script, ...args, '--print-ports'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ...env },
    }),
  );

describe('bench:web ports', () => {
  it('are chosen by flags, else by the environment', () => {
    expect(
      ports(['--port', '5000', '--chain-port', '6100', '--debug-port', '6200', '--mail-ports', '6300,6301']),
    ).toEqual({
      app: 5000,
      chain: [6100, 6101],
      debug: 6200,
      mail: [6300, 6301],
    });
    expect(
      ports(['--chain-port', '7100'], {
        BENCH_WEB_PORT: '5100',
        BENCH_WEB_CHAIN_PORT: '7000',
        BENCH_WEB_DEBUG_PORT: '7200',
      }),
    ).toMatchObject({ app: 5100, chain: [7100, 7101], debug: 7200 });
  }, 30_000);

  it('refuses what is not a port', () => {
    expect(() => ports(['--chain-port', '70000'], {})).toThrow();
  }, 30_000);
});
