/**
 * `npm run chain:dev`: a local chain for trying wallet deposits by hand. Starts anvil (default 127.0.0.1:8545,
 * chain id 56 standing in for BNB Smart Chain, a block every second), deploys the test stablecoin as 'USDT'
 * (18 decimals), mints 10,000 to the demo wallet DEV_ACCOUNTS[1] (and to DEV_ACCOUNTS[2]), prints what a
 * developer needs, then waits for the app and configures it (chain 56's token, a BEP20 receiving address).
 * Runs until Ctrl-C; the chain's state is not kept.
 *
 *   npm run chain:dev -- [--port 8545] [--chain-id 56] [--block-time 1] [--app http://localhost:3000] [--no-app]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Address, parseUnits } from 'viem';
import { DEV_ACCOUNTS } from './accounts';
import { type DevChain, startAnvil } from './anvil';
import { deployTestStablecoin, mintTestStablecoin } from './token';

const USAGE = `Usage: npm run chain:dev -- [options]

  --port <n>          port to listen on (env CHAIN_DEV_PORT, default 8545)
  --host <ip>         interface to listen on (env CHAIN_DEV_HOST, default 127.0.0.1)
  --chain-id <n>      chain id (env CHAIN_DEV_CHAIN_ID, default 56: stands in for BNB Smart Chain)
  --block-time <s>    seconds per block, 0 = a block per transaction (env CHAIN_DEV_BLOCK_TIME, default 1)
  --app <url>         the app to configure once it is up (env APP_URL, default http://localhost:3000)
  --no-app            do not configure the app
  --admin-email <e>   admin to sign in as (env CHAIN_DEV_ADMIN_EMAIL, default admin@example.com)
  --admin-password <p>  (env CHAIN_DEV_ADMIN_PASSWORD, default Harbor-Falcon-77)
  -h, --help`;

const SYMBOL = 'USDT';
const DECIMALS = 18;
const MINTED = '10000';
const CONFIRMATIONS = 3;
const REASON = 'local dev chain (npm run chain:dev)';
const demo = DEV_ACCOUNTS[1];
const second = DEV_ACCOUNTS[2];
const receiving = DEV_ACCOUNTS[9];

function fail(message: string): never {
  console.error(`chain:dev: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseOptions() {
  const env = process.env;
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      options: {
        port: { type: 'string', default: env.CHAIN_DEV_PORT ?? '8545' },
        host: { type: 'string', default: env.CHAIN_DEV_HOST ?? '127.0.0.1' },
        'chain-id': { type: 'string', default: env.CHAIN_DEV_CHAIN_ID ?? '56' },
        'block-time': { type: 'string', default: env.CHAIN_DEV_BLOCK_TIME ?? '1' },
        app: { type: 'string', default: env.APP_URL ?? 'http://localhost:3000' },
        'no-app': { type: 'boolean', default: false },
        'admin-email': { type: 'string', default: env.CHAIN_DEV_ADMIN_EMAIL ?? 'admin@example.com' },
        'admin-password': { type: 'string', default: env.CHAIN_DEV_ADMIN_PASSWORD ?? 'Harbor-Falcon-77' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const integer = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < min || value > max) fail(`--${name} must be ${min}..${max}.`);
    return value;
  };
  let app: URL | undefined;
  if (!values['no-app']) {
    try {
      app = new URL(values.app.endsWith('/') ? values.app : `${values.app}/`);
    } catch {
      fail(`--app is not a URL: ${values.app}`);
    }
  }
  return {
    port: integer('port', values.port, 1, 65_535),
    host: values.host,
    chainId: integer('chain-id', values['chain-id'], 1, 2 ** 32),
    blockTime: integer('block-time', values['block-time'], 0, 3_600),
    app,
    adminEmail: values['admin-email'],
    adminPassword: values['admin-password'],
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app's JSON API: status and parsed body (or the raw text when it is not JSON). */
async function api(base: URL, method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers['idempotency-key'] = randomUUID();
  const res = await fetch(new URL(`api/v1${path}`, base), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, ok: res.ok, body: json };
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300);
}

function manualSteps(chainId: number, token: Address, parts: { chain: boolean; address: boolean }) {
  const lines = ['   Set it up by hand as an admin instead:'];
  if (parts.chain) {
    lines.push(
      `     - chain ${chainId}: enable it with token address ${token}, symbol ${SYMBOL}, ${DECIMALS} decimals,`,
      `       ${CONFIRMATIONS} confirmations (PUT /api/v1/chains/${chainId});`,
    );
  }
  if (parts.address) {
    lines.push(`     - a BEP20 receiving address, e.g. ${receiving.address} (POST /api/v1/qr/add).`);
  }
  console.log(lines.join('\n'));
}

/** Waits for the app, then gives chain `chainId` the test token and the platform a BEP20 receiving address. */
async function configureApp(
  base: URL,
  opts: ReturnType<typeof parseOptions>,
  chainId: number,
  token: Address,
) {
  const origin = base.origin;
  let waiting = false;
  for (;;) {
    try {
      const res = await fetch(new URL('api/v1/health/ready', base), { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // Not up yet.
    }
    if (!waiting) {
      console.log(`… waiting for the app at ${origin} (GET /api/v1/health/ready, every 2 s) to configure it`);
      waiting = true;
    }
    await sleep(2_000);
  }
  console.log(`✓ the app at ${origin} is up; configuring it`);

  try {
    const signIn = await api(base, 'POST', '/auth/adminsignin', undefined, {
      email: opts.adminEmail,
      password: opts.adminPassword,
    });
    const adminToken = (signIn.body as { admin?: { token?: unknown } } | null)?.admin?.token;
    if (!signIn.ok || typeof adminToken !== 'string') {
      console.log(
        `✗ admin sign-in as ${opts.adminEmail} failed (${signIn.status}): ${messageOf(signIn.body)}`,
      );
      manualSteps(chainId, token, { chain: true, address: true });
      return;
    }

    const chain = await api(base, 'PUT', `/chains/${chainId}`, adminToken, {
      enabled: true,
      token_address: token,
      token_symbol: SYMBOL,
      token_decimals: DECIMALS,
      confirmations: CONFIRMATIONS,
      reason: REASON,
    });
    if (chain.ok) {
      console.log(
        `✓ chain ${chainId} enabled: token ${SYMBOL} ${token} (${DECIMALS} decimals), ${CONFIRMATIONS} confirmations`,
      );
    } else {
      const hint = chain.status === 404 ? ' (this server has no chain settings route yet)' : '';
      console.log(
        `✗ PUT /api/v1/chains/${chainId} answered ${chain.status}${hint}: ${messageOf(chain.body)}`,
      );
      manualSteps(chainId, token, { chain: true, address: false });
    }

    const list = await api(base, 'GET', '/qr', adminToken);
    if (!list.ok) {
      console.log(`✗ GET /api/v1/qr answered ${list.status}: ${messageOf(list.body)}`);
      manualSteps(chainId, token, { chain: false, address: true });
      return;
    }
    type Entry = { currency?: string; address?: string; chain_id?: number | null };
    const addresses = ((list.body as { addresses?: Entry[] } | null)?.addresses ?? []).filter(
      (a) => a.currency === 'BEP20' && (a.chain_id == null || a.chain_id === chainId),
    );
    const existing = addresses[0];
    if (existing) {
      console.log(`✓ a BEP20 receiving address is already set: ${existing.address} (left as it is)`);
      return;
    }
    const added = await api(base, 'POST', '/qr/add', adminToken, {
      currency: 'BEP20',
      address: receiving.address,
      label: 'local dev chain',
      reason: REASON,
    });
    if (added.ok) {
      console.log(`✓ BEP20 receiving address set: ${receiving.address} (DEV_ACCOUNTS[9])`);
    } else {
      console.log(`✗ POST /api/v1/qr/add answered ${added.status}: ${messageOf(added.body)}`);
      manualSteps(chainId, token, { chain: false, address: true });
    }
  } catch (error) {
    console.log(`✗ configuring the app failed: ${error instanceof Error ? error.message : String(error)}`);
    manualSteps(chainId, token, { chain: true, address: true });
  }
}

async function main() {
  const opts = parseOptions();
  let chain: DevChain | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C: give up waiting
    stopping = true;
    console.log(`\n${signal}: stopping the chain…`);
    await chain?.stop();
    console.log('chain stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    chain = await startAnvil({
      chainId: opts.chainId,
      port: opts.port,
      host: opts.host,
      blockTime: opts.blockTime > 0 ? opts.blockTime : undefined,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const taken = /already in use/i.test(message)
      ? `\nPort ${opts.port} is taken: is another chain:dev (or anvil) running? Try --port.`
      : '';
    console.error(`chain:dev: could not start anvil: ${message}${taken}`);
    process.exit(1);
  }
  if (stopping) return;

  const { url, chainId } = chain;
  const token = await deployTestStablecoin(url, {
    decimals: DECIMALS,
    symbol: SYMBOL,
    name: `Test ${SYMBOL}`,
  });
  const amount = parseUnits(MINTED, DECIMALS);
  await Promise.all([
    mintTestStablecoin(url, token, demo.address, amount),
    mintTestStablecoin(url, token, second.address, amount),
  ]);

  const bsc = chainId === 56 ? ' (stands in for BNB Smart Chain)' : '';
  const blocks = opts.blockTime > 0 ? `a block every ${opts.blockTime} s` : 'a block per transaction';
  const env = `CHAIN_RPC_URL_${chainId}=${url} PUBLIC_RPC_URL_${chainId}=${url}`;
  console.log(
    [
      '',
      'SocialGenX local chain is running (npm run chain:dev)',
      '─────────────────────────────────────────────────────',
      `  RPC URL          ${url}`,
      `  Chain id         ${chainId}${bsc}, ${blocks}`,
      `  Test ${SYMBOL}        ${token} (${DECIMALS} decimals; a test token anyone can mint)`,
      `  Demo wallet      ${demo.address} (DEV_ACCOUNTS[1]): ${MINTED} ${SYMBOL} + 10000 native coin`,
      `  Its private key  ${demo.privateKey}`,
      '                   ^ a PUBLIC test key that everyone knows: never send real funds to it',
      `  Second wallet    ${second.address} (DEV_ACCOUNTS[2]): ${MINTED} ${SYMBOL}, key ${second.privateKey}`,
      '',
      'Next steps',
      '  1. Start the app against this chain in another terminal:',
      `       ${env} npm start`,
      opts.app
        ? `  2. This command configures the running app itself once ${opts.app.origin} is up: chain ${chainId} gets\n` +
          `     the test ${SYMBOL} (${CONFIRMATIONS} confirmations) and, if there is none, a BEP20 receiving address\n` +
          `     (${receiving.address}). Admin: ${opts.adminEmail}. See the lines below.`
        : `  2. --no-app: configure chain ${chainId} (token ${token}, ${SYMBOL}, ${DECIMALS} decimals) and a BEP20\n` +
          '     receiving address yourself as an admin.',
      `  3. In your browser wallet (e.g. MetaMask) add a network: RPC URL ${url}, chain id ${chainId},`,
      `     currency symbol BNB; import the demo private key above, and the token ${token} to see its ${SYMBOL}.`,
      '     (Restarting this command starts a fresh chain: in MetaMask, clear the activity tab data for it.)',
      '',
      'Ctrl-C stops the chain (nothing is kept).',
      '',
    ].join('\n'),
  );

  if (opts.app) await configureApp(opts.app, opts, chainId, token);
}

main().catch((error: unknown) => {
  console.error('chain:dev failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
