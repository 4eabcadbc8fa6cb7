import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Stand-ins for a database that is away, and the API in a process of its own, for the tests of
// database faults and of health.

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** Accepts connections and never says a word: a database behind a cut network. */
export async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * The API in a process of its own on the test database, signed in as the app role at `url` (no handler
 * of uncaught errors: one would end it).
 */
export async function startApiProcess(url: string): Promise<{
  process: ChildProcess;
  address: string;
  stderr: () => string;
  stop: () => Promise<void>;
}> {
  const src = path.dirname(import.meta.dirname);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-db-faults-'));
  const script = path.join(dir, 'api.mts');
  await writeFile(
    script,
    `import { buildApp, buildDeps } from ${JSON.stringify(path.join(src, 'app.ts'))};
import { loadConfig } from ${JSON.stringify(path.join(src, 'config.ts'))};
import { connect } from ${JSON.stringify(path.join(src, 'db', 'index.ts'))};
const url = ${JSON.stringify(url)};
const database = connect(url, 5);
const deps = buildDeps(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url }), database.db);
await deps.settings.listen(url, 200);
const app = await buildApp(deps);
console.log(await app.listen({ host: '127.0.0.1', port: 0 }));
`,
  );
  const tsx = path.join(src, '..', '..', '..', 'node_modules', '.bin', 'tsx');
  // The database is named in the script itself; the child inherits this process's environment as is.
  const child = spawn(tsx, [script], { stdio: 'pipe' });
  let out = '';
  let err = '';
  child.stderr?.on('data', (d) => {
    err += String(d);
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += String(d);
      const found = /http:\/\/[\d.]+:\d+/.exec(out);
      if (found) resolve(found[0]);
    });
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}): ${err}`)));
  });
  return {
    process: child,
    address,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
