import path from 'node:path';
import { parseArgs } from 'node:util';
import { TRON_CHAIN_ID } from '../tron';

/** The options of `npm run chain:dev` (cli.ts), read from its arguments and environment. */
export const USAGE = `Usage: npm run chain:dev -- [options]

  --evm-port <n>      the EVM node's port, 0 = any free one (env CHAIN_DEV_PORT, default 8545; --port too)
  --tron-port <n>     the TRON stand-in's port, 0 = any free one (env CHAIN_DEV_TRON_PORT, default 8546)
  --host <ip>         interface to listen on (env CHAIN_DEV_HOST, default 127.0.0.1)
  --chain-id <n>      the EVM node's chain id (env CHAIN_DEV_CHAIN_ID, default 56: stands in for BNB Smart
                      Chain); the TRON stand-in is always 728126428
  --block-time <s>    seconds per block, 0 = a block per transaction (env CHAIN_DEV_BLOCK_TIME, default 1)
  --json              once ready (and the app configured), print one JSON line to stdout: the chains, their
                      RPC URLs and tokens, and a funded test key; everything else goes to stderr
  --app <url>         the app to configure once it is up (env APP_URL, default http://127.0.0.1:$PORT,
                      PORT as the app's own, default 3000)
  --no-app            do not configure the app
  --data-dir <dir>    the app's data folder, where the demo admins' two-factor secrets are kept
                      (env DATA_DIR as the app's own, default ./.data)
  --admin-email <e>   admin who asks for the changes (env CHAIN_DEV_ADMIN_EMAIL, default admin@example.com)
  --admin-password <p>  (env CHAIN_DEV_ADMIN_PASSWORD, default Harbor-Falcon-77)
  --admin2-email <e>  second admin who approves them (env CHAIN_DEV_ADMIN2_EMAIL, default admin2@example.com)
  --admin2-password <p> (env CHAIN_DEV_ADMIN2_PASSWORD, default Copper-Willow-58)
  -h, --help`;

export type ChainDevOptions = {
  /** The EVM node's port (0: any free one). */
  evmPort: number;
  /** The TRON stand-in's port (0: any free one). */
  tronPort: number;
  host: string;
  chainId: number;
  blockTime: number;
  /** Print one JSON line to stdout once ready, human text to stderr. */
  json: boolean;
  app: URL | undefined;
  dataDir: string;
  admins: readonly [{ email: string; password: string }, { email: string; password: string }];
};

export type Parsed = { help: true } | { help: false; options: ChainDevOptions };

/** The repository root (relative DATA_DIR is taken from where npm was started, else from here, as the app does). */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Parses the arguments; throws an Error with a readable message when one is wrong. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Parsed {
  const { values } = parseArgs({
    args: argv,
    options: {
      'evm-port': { type: 'string' },
      port: { type: 'string' },
      'tron-port': { type: 'string', default: env.CHAIN_DEV_TRON_PORT ?? '8546' },
      host: { type: 'string', default: env.CHAIN_DEV_HOST ?? '127.0.0.1' },
      'chain-id': { type: 'string', default: env.CHAIN_DEV_CHAIN_ID ?? '56' },
      'block-time': { type: 'string', default: env.CHAIN_DEV_BLOCK_TIME ?? '1' },
      app: { type: 'string', default: env.APP_URL ?? `http://127.0.0.1:${env.PORT || '3000'}` },
      'no-app': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: env.DATA_DIR ?? './.data' },
      'admin-email': { type: 'string', default: env.CHAIN_DEV_ADMIN_EMAIL ?? 'admin@example.com' },
      'admin-password': { type: 'string', default: env.CHAIN_DEV_ADMIN_PASSWORD ?? 'Harbor-Falcon-77' },
      'admin2-email': { type: 'string', default: env.CHAIN_DEV_ADMIN2_EMAIL ?? 'admin2@example.com' },
      'admin2-password': { type: 'string', default: env.CHAIN_DEV_ADMIN2_PASSWORD ?? 'Copper-Willow-58' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return { help: true };
  const integer = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
      throw new Error(`--${name} must be ${min}..${max}.`);
    }
    return value;
  };
  const evmFlag = values['evm-port'];
  if (evmFlag !== undefined && values.port !== undefined && evmFlag !== values.port) {
    throw new Error('--port is another name for --evm-port: give one of them.');
  }
  const evmPort = integer('evm-port', evmFlag ?? values.port ?? env.CHAIN_DEV_PORT ?? '8545', 0, 65_535);
  const tronPort = integer('tron-port', values['tron-port'], 0, 65_535);
  if (evmPort !== 0 && evmPort === tronPort) {
    throw new Error(`--evm-port and --tron-port are both ${evmPort}: each node needs a port of its own.`);
  }
  const chainId = integer('chain-id', values['chain-id'], 1, 2 ** 32);
  if (chainId === TRON_CHAIN_ID) {
    throw new Error(`--chain-id ${chainId} is the TRON stand-in's: choose an EVM chain id (e.g. 56).`);
  }
  let app: URL | undefined;
  if (!values['no-app']) {
    try {
      app = new URL(values.app.endsWith('/') ? values.app : `${values.app}/`);
    } catch {
      throw new Error(`--app is not a URL: ${values.app}`);
    }
  }
  return {
    help: false,
    options: {
      evmPort,
      tronPort,
      host: values.host,
      chainId,
      blockTime: integer('block-time', values['block-time'], 0, 3_600),
      json: values.json,
      app,
      dataDir: path.resolve(env.INIT_CWD ?? repoRoot, values['data-dir']),
      admins: [
        { email: values['admin-email'], password: values['admin-password'] },
        { email: values['admin2-email'], password: values['admin2-password'] },
      ],
    },
  };
}
