import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type Address, createPublicClient, erc20Abi, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { pickFreePort } from '../../../scripts/ports.mjs';

/** Running the real `npm run chain:dev` CLI as a child process, for chain-dev.int.test.ts. */

export const DONE = /^(✓ Done|✗ Not done)/m;
/** The --json line. */
export const JSON_LINE = /^\{"chains".*\}$/m;

/**
 * Two free ports for the chain nodes. chain:dev is started on them several times while the app keeps their
 * URLs, so they must stay free between runs: picked below the ephemeral range (scripts/ports.mjs), where no
 * program binding port 0 takes them meanwhile (it did, on a busy machine).
 */
export function freePorts(): [number, number] {
  const evm = pickFreePort([0, 1]);
  return [evm, evm + 1];
}

export type Run = {
  /** stdout and stderr as they came. */
  output: () => string;
  /** stdout alone (with --json: the JSON line and nothing else). */
  stdout: () => string;
  /** Resolves once the output matches (at most 35 s; rejects if chain:dev exits first). */
  waitFor: (pattern: RegExp | string) => Promise<void>;
  type: (text: string) => void;
  /** Ctrl-C (in a terminal) or SIGTERM, and its exit. */
  stop: () => Promise<void>;
};

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

export type ChainDevCli = {
  repoRoot: string;
  /** Every child started, to kill after the tests. */
  children: ChildProcess[];
  /** The nodes' ports (the ones the app reads) and the app's data folder, read at each start. */
  ports: () => { evm: number; tron: number };
  dataDir: () => string;
};

export function chainDevCli(c: ChainDevCli) {
  /**
   * Starts chain:dev (its chains on the ports the app reads, the app's data folder in DATA_DIR as the app's),
   * as a plain child process or in a terminal of its own (util-linux `script` gives it a pseudo-terminal).
   */
  const start = (args: string[], env: Record<string, string> = {}, terminal = false) =>
    startChainDev(c, args, env, terminal);
  /** Runs chain:dev until it says it is done (or not), then stops it as Ctrl-C would; its output. */
  const run = async (args: string[], env: Record<string, string> = {}): Promise<string> => {
    const r = await start(args, env);
    await r.waitFor(DONE);
    await r.stop();
    return r.output();
  };
  return { start, run };
}

async function startChainDev(
  c: ChainDevCli,
  args: string[],
  env: Record<string, string>,
  terminal: boolean,
): Promise<Run> {
  const { APP_URL: _a, PORT: _p, DATA_DIR: _d, INIT_CWD: _i, ...inherited } = process.env;
  const command = [process.execPath, '--import', 'tsx', 'packages/chain/src/dev/cli.ts'];
  const { evm, tron } = c.ports();
  const ports = ['--evm-port', String(evm), '--tron-port', String(tron)];
  const all = [...command, ...ports, ...args];
  const [file, argv] = terminal
    ? ['script', ['-qfec', all.map(quote).join(' '), '/dev/null']]
    : [all[0] ?? '', all.slice(1)];
  const child = spawn(file, argv, {
    cwd: c.repoRoot,
    env: { ...inherited, DATA_DIR: c.dataDir(), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  c.children.push(child);
  let output = '';
  let stdout = '';
  const exited = once(child, 'exit');
  const listeners = new Set<() => void>();
  const read = (toStdout: boolean) => (chunk: Buffer) => {
    const text = chunk.toString().replaceAll('\r\n', '\n');
    output += text;
    if (toStdout) stdout += text;
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', read(true));
  child.stderr?.on('data', read(false));
  const waitFor = (pattern: RegExp | string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`no ${pattern} within 35 s:\n${output}`)), 35_000);
      const onExit = (code: number | null) => finish(new Error(`chain:dev exited (${code}):\n${output}`));
      const check = () =>
        (typeof pattern === 'string' ? output.includes(pattern) : pattern.test(output)) && finish();
      function finish(error?: Error) {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      }
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });
  return {
    output: () => output,
    stdout: () => stdout,
    waitFor,
    type: (text) => child.stdin?.write(text),
    stop: async () => {
      if (terminal) child.stdin?.write('\x03');
      else child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What the --json line's funded key holds on a chain: native coin and the test stablecoin. */
export async function holdings(rpcUrl: string, token: string, key: `0x${string}`) {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const owner = privateKeyToAccount(key).address;
  const [native, stablecoin] = await Promise.all([
    client.getBalance({ address: owner }),
    client.readContract({
      address: token as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    }),
  ]);
  return { native, stablecoin };
}
