import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface StartAnvilOptions {
  /** Chain id the node reports (default 31337, anvil's own). */
  chainId?: number;
  /** Port to listen on; 0 or omitted: a free port chosen by the OS (race-free, read back from anvil). */
  port?: number;
  /** Seconds between blocks (interval mining); omitted: a block per transaction (automine). */
  blockTime?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
}

export interface DevChain {
  /** JSON-RPC URL, e.g. http://127.0.0.1:8545. */
  url: string;
  chainId: number;
  port: number;
  /** Stops the node and resolves once the process has exited (the port is then closed). Idempotent. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;
const STOP_GRACE_MS = 3_000;
const OUTPUT_LIMIT = 16_384;

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/**
 * The anvil command: $ANVIL_BIN if set; else the binary of the `@foundry-rs/anvil-<platform>` package (resolved
 * directly, so it works even when npm skipped `@foundry-rs/anvil`'s postinstall); else `@foundry-rs/anvil`'s
 * node wrapper; else `anvil` on PATH (e.g. a foundryup install).
 */
export function resolveAnvilCommand(): { command: string; args: string[] } {
  const fromEnv = process.env.ANVIL_BIN;
  if (fromEnv) return { command: fromEnv, args: [] };
  const require = createRequire(import.meta.url);
  const platformPackage = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (platformPackage) {
    try {
      const dir = dirname(require.resolve(`${platformPackage}/package.json`));
      const binary = join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
      if (existsSync(binary)) {
        ensureExecutable(binary);
        return { command: binary, args: [] };
      }
    } catch {
      // Not installed for this platform: try the next way.
    }
  }
  try {
    return { command: process.execPath, args: [require.resolve('@foundry-rs/anvil/bin.mjs')] };
  } catch {
    return { command: 'anvil', args: [] };
  }
}

function ensureExecutable(binary: string) {
  if (process.platform === 'win32') return;
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    try {
      chmodSync(binary, 0o755);
    } catch {
      // Leave it to spawn to report.
    }
  }
}

// Nodes this process started and has not stopped: killed when the process exits, however it exits through
// Node (a finished or failed test run, process.exit, an uncaught error).
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killAllOnExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

// For a death the 'exit' event never sees (SIGKILL, a killed test worker): a tiny watchdog process that holds
// a pipe from this process and kills the node once that pipe closes. It exits by itself when the node does.
const WATCHDOG = `
const pid = Number(process.argv[1]);
const kill = () => { try { process.kill(pid, 'SIGKILL'); } catch {} process.exit(0); };
process.stdin.on('data', () => {});
process.stdin.on('end', kill);
process.stdin.on('error', kill);
setInterval(() => { try { process.kill(pid, 0); } catch { process.exit(0); } }, 1000);
`;

function startWatchdog(pid: number): ChildProcess | undefined {
  try {
    const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(pid)], {
      stdio: ['pipe', 'ignore', 'ignore'],
      env: { PATH: process.env.PATH ?? '' },
      windowsHide: true,
    });
    watchdog.on('error', () => {});
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return watchdog;
  } catch {
    return undefined;
  }
}

function connectHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

async function rpcChainId(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { result?: unknown };
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function keepTail(text: string): string {
  return text.length > OUTPUT_LIMIT ? text.slice(-OUTPUT_LIMIT) : text;
}

/**
 * Starts a fresh anvil node (empty chain, DEV_ACCOUNTS funded with 10,000 ETH each) and resolves once it
 * answers eth_chainId with `chainId`; rejects after 15 s with anvil's output. The node is killed when this
 * process exits, even if stop() was never called.
 */
export async function startAnvil(opts: StartAnvilOptions = {}): Promise<DevChain> {
  const chainId = opts.chainId ?? 31337;
  const host = opts.host ?? '127.0.0.1';
  const requestedPort = opts.port ?? 0;
  if (!Number.isInteger(chainId) || chainId <= 0) throw new RangeError(`Invalid chain id ${chainId}.`);
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65_535) {
    throw new RangeError(`Invalid port ${requestedPort}.`);
  }
  const args = ['--host', host, '--port', String(requestedPort), '--chain-id', String(chainId)];
  if (opts.blockTime !== undefined) {
    if (!(opts.blockTime > 0)) throw new RangeError(`Invalid block time ${opts.blockTime}.`);
    args.push('--block-time', String(opts.blockTime));
  }

  const anvil = resolveAnvilCommand();
  const child = spawn(anvil.command, [...anvil.args, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  killAllOnExit();
  running.add(child);

  // anvil logs every request and transaction to stdout: always drain it (a full pipe would block the node).
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout = keepTail(stdout + chunk);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = keepTail(stderr + chunk);
  });

  let spawnError: Error | undefined;
  let exitStatus: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitStatus = signal ? `signal ${signal}` : `code ${code}`;
      running.delete(child);
      resolve();
    });
  });
  child.once('error', (error) => {
    spawnError = error;
    running.delete(child);
  });
  const watchdog = child.pid === undefined ? undefined : startWatchdog(child.pid);
  void exited.then(() => watchdog?.kill('SIGKILL'));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      watchdog?.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null && !spawnError) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(force);
      }
      running.delete(child);
    })();
    return stopping;
  };

  const describe = () => {
    const output = (stderr.trim() || stdout.trim()).slice(-4_000);
    return `${anvil.command} ${[...anvil.args, ...args].join(' ')}${output ? `\n--- anvil output ---\n${output}` : ''}`;
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let port: number | undefined;
  let lastChainId: number | undefined;
  try {
    for (;;) {
      if (spawnError) throw new Error(`Could not start anvil (${spawnError.message}): ${describe()}`);
      if (exitStatus) throw new Error(`anvil exited with ${exitStatus} before it was ready: ${describe()}`);
      if (Date.now() > deadline) {
        const seen = lastChainId === undefined ? '' : ` (it answered chain id ${lastChainId})`;
        throw new Error(`anvil was not ready within ${READY_TIMEOUT_MS / 1000} s${seen}: ${describe()}`);
      }
      // Wait for anvil's own "Listening on host:port" (the real port when 0 was asked; and proof that this
      // node, not some other process already on the port, is the one answering).
      if (port === undefined) {
        const match = /Listening on \S*:(\d+)/.exec(stdout);
        if (match?.[1]) port = Number(match[1]);
      }
      if (port !== undefined) {
        const url = `http://${connectHost(host)}:${port}`;
        lastChainId = await rpcChainId(url);
        if (lastChainId === chainId) return { url, chainId, port, stop };
      }
      await sleep(25);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
