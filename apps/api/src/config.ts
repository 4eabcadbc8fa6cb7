import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Parsed once at start; a wrong value stops the server with a
 * readable message.
 */
const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Where the server listens. Unset: every interface in production, this machine only otherwise (the demo and
   * its published passwords are not for the network: HOST=0.0.0.0 to show them on it).
   */
  HOST: z.string().trim().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The app's own login (the `sgx_app` role: no superuser, no DDL) for requests, with DATABASE_URL; the
   * owner's DATABASE_URL then only migrates, seeds and runs the job queue.
   */
  DATABASE_APP_URL: z.string().url().optional(),
  /** Connections this process opens for requests (each instance counts against max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * `transaction`: DATABASE_APP_URL goes through a connection pooler in transaction mode (PgBouncer, decision 0078).
   * Requests then send their hot statements unnamed (a named prepared statement would be unknown on the next
   * transaction's server connection), and what needs a session of its own (the settings LISTEN) uses
   * DATABASE_DIRECT_URL. Needs DATABASE_APP_URL (the app's own login: no SET ROLE through a pooler).
   */
  DATABASE_POOLER: z.enum(['transaction']).optional(),
  /**
   * With DATABASE_POOLER: a login straight to PostgreSQL, never through the pooler, for the settings LISTEN (best the
   * app role's, sgx_app). Unset: the owner's DATABASE_URL, which is always direct (it migrates under a session lock
   * and runs the job queue).
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /**
   * Streaming replicas for reads of history and large ranges (decision 0080): URLs separated by commas, signed in as
   * the app's login (the replica has the primary's roles). Unset: every read on the one database.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u.length > 0),
    )
    .pipe(z.array(z.string().url())),
  /** A replica further behind the primary than this is skipped until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How often each replica is asked how far it has replayed. */
  DATABASE_REPLICA_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  SEED_DEMO: boolText.optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  TRUST_PROXY: boolText.default(false),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('SocialGenX <no-reply@socialgenx.local>'),
  /**
   * The development mail catcher (decision 0038): on by default in development without SMTP_URL, never in
   * production; MAIL_CATCHER=false keeps mail in the admin outbox only (true starts it in tests too).
   */
  MAIL_CATCHER: boolText.optional(),
  MAIL_CATCHER_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(1025),
  MAIL_CATCHER_WEB_PORT: z.coerce.number().int().min(0).max(65535).default(1080),
  APP_URL: z.string().url().optional(),
  RUN_JOBS: boolText.optional(),
  /** Node of each EVM chain the server reads to verify deposits, e.g. CHAIN_RPC_URL_56. */
  CHAIN_RPC_URL_1: z.string().url().optional(),
  CHAIN_RPC_URL_137: z.string().url().optional(),
  CHAIN_RPC_URL_56: z.string().url().optional(),
  CHAIN_RPC_URL_42161: z.string().url().optional(),
  /** TRON through java-tron's Ethereum-compatible JSON-RPC (`https://<node>/jsonrpc`), chain id 728126428. */
  CHAIN_RPC_URL_728126428: z.string().url().optional(),
  /** Public endpoints the browser uses per chain (comma-separated); default: the chain's public nodes. */
  PUBLIC_RPC_URL_1: z.string().optional(),
  PUBLIC_RPC_URL_137: z.string().optional(),
  PUBLIC_RPC_URL_56: z.string().optional(),
  PUBLIC_RPC_URL_42161: z.string().optional(),
  PUBLIC_RPC_URL_728126428: z.string().optional(),
  /** How often a deposit waiting for its transaction or its confirmations is checked again. */
  CHAIN_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(5),
  WALLETCONNECT_PROJECT_ID: z.string().trim().min(1).optional(),
  /**
   * The payout hot wallet's key per EVM chain (decision 0034): set, approved payouts within the hot
   * wallet policy are paid without a human. Unset (the default): every payout is paid from the operator's wallet.
   */
  PAYOUT_HOT_WALLET_KEY_1: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A hot wallet key is 0x and 64 hex digits.')
    .optional(),
  PAYOUT_HOT_WALLET_KEY_137: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A hot wallet key is 0x and 64 hex digits.')
    .optional(),
  PAYOUT_HOT_WALLET_KEY_56: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A hot wallet key is 0x and 64 hex digits.')
    .optional(),
  PAYOUT_HOT_WALLET_KEY_42161: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A hot wallet key is 0x and 64 hex digits.')
    .optional(),
  /** A hot-wallet transaction not mined after this long is sent again under its nonce with a higher fee. */
  PAYOUT_STUCK_SECONDS: z.coerce.number().min(1).max(86_400).default(180),
  /**
   * Webhooks to loopback and private networks (decision 0072): allowed by default in development and tests only,
   * refused in production whatever is set here (and there the target must be https).
   */
  WEBHOOKS_ALLOW_PRIVATE: boolText.optional(),
  /** How often an idle webhook dispatcher looks for new events and due deliveries. */
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /**
   * The key identity documents are encrypted with (AES-256-GCM, decision 0074): 32 bytes in base64, never stored in
   * the database. Required in production; development and tests use a fixed development key and say so at start.
   */
  IDENTITY_DOCUMENTS_KEY: z
    .string()
    .trim()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'IDENTITY_DOCUMENTS_KEY is 32 bytes in base64.')
    .optional(),
  /**
   * During a rotation of IDENTITY_DOCUMENTS_KEY: the key it replaces (32 bytes in base64), which still opens the
   * documents sealed under it until `npm run identity:rekey` has re-sealed them under the current key (decision 0074).
   */
  IDENTITY_DOCUMENTS_KEY_PREVIOUS: z
    .string()
    .trim()
    .refine(
      (v) => Buffer.from(v, 'base64').length === 32,
      'IDENTITY_DOCUMENTS_KEY_PREVIOUS is 32 bytes in base64.',
    )
    .optional(),
  /**
   * Where the daily job `sanctions-refresh-daily` reads the OFAC SDN publication (decision 0075): an http(s) address
   * (e.g. OFAC's sdn.xml) or, instead, a file path. Neither set: the job does nothing.
   */
  SANCTIONS_LIST_URL: z
    .string()
    .trim()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'SANCTIONS_LIST_URL is an http(s) address.')
    .optional(),
  SANCTIONS_LIST_FILE: z.string().trim().min(1).optional(),
  /** Fault injection for the crash tests only: the process kills itself (SIGKILL) at this point of a payout. */
  SGX_TEST_KILL_AT: z.enum(['hot-payout-signed', 'hot-payout-sent']).optional(),
});

const CHAIN_IDS = [1, 137, 56, 42161, 728126428] as const;
/** A hot wallet signs Ethereum transactions: the EVM chains only (java-tron's JSON-RPC cannot send them). */
const HOT_WALLET_CHAIN_IDS = [1, 137, 56, 42161] as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The app role's login for requests (external database); unset: the owner's login with SET ROLE. */
  databaseAppUrl: string | undefined;
  databasePoolSize: number;
  /**
   * Decision 0078: 'transaction' when databaseAppUrl is a transaction-mode pooler; `sessionUrl` is then where the
   * settings LISTEN connects (DATABASE_DIRECT_URL, else the owner's direct DATABASE_URL). Undefined: no pooler.
   */
  databasePooler: { mode: 'transaction'; sessionUrl: string } | undefined;
  /** Read replicas (decision 0080): empty when none. */
  databaseReplicas: { urls: string[]; maxLagMs: number; checkEveryMs: number };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  sessionTtlMs: number;
  seedDemo: boolean;
  firstAdmin: { email: string; password: string } | undefined;
  webDist: string;
  trustProxy: boolean;
  /** SMTP server for e-mail; without one, mail is kept in the outbox admins can read. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The development mail catcher's ports (loopback only; a taken one is replaced by a free one), or undefined
   * when it does not run: production, tests, SMTP_URL set, or MAIL_CATCHER=false. Once started, the server
   * puts the ports it listens on here (server.ts), and the mailer sends to it.
   */
  mailCatcher: { smtpPort: number; webPort: number } | undefined;
  /** Public address of the web app, for links in e-mails. */
  appUrl: string;
  /** Run the scheduled jobs (pg-boss) in this process; off in tests. */
  runJobs: boolean;
  /** EVM chains the server reads: node URL per chain id (only the configured ones are verified). */
  chainRpcUrls: Partial<Record<number, string>>;
  /** Browser endpoints per chain id, when overridden. */
  publicRpcUrls: Partial<Record<number, string[]>>;
  chainPollMs: number;
  walletConnectProjectId: string | undefined;
  /** The payout hot wallet's private key per EVM chain id (PAYOUT_HOT_WALLET_KEY_<id>); none by default. */
  payoutHotWalletKeys: Partial<Record<number, `0x${string}`>>;
  payoutStuckMs: number;
  testKillAt: 'hot-payout-signed' | 'hot-payout-sent' | undefined;
  /** The daily OFAC list refresh's source (decision 0075): a URL or a file, at most one; none: no refresh. */
  sanctionsList: { url: string | undefined; file: string | undefined };
  /**
   * Identity verification (decision 0074): the documents' key (`development`: the fixed development key, never in
   * production) and each identity provider's webhook secret by its lower-case name (IDENTITY_PROVIDER_<NAME>_SECRET).
   */
  identity: {
    documentsKey: Buffer;
    /** The key being rotated out (IDENTITY_DOCUMENTS_KEY_PREVIOUS): opens documents, never seals one. */
    previousDocumentsKey: Buffer | null;
    developmentKey: boolean;
    providerSecrets: Record<string, string>;
  };
  /** What webhook deliveries may connect to, and how often the idle dispatcher looks for work (decision 0072). */
  webhooks: { allowPrivate: boolean; requireHttps: boolean; pollMs: number };
  rateLimits: {
    windowMs: number;
    signinPerIp: number;
    signinPerAccount: number;
    registerPerIp: number;
  };
};

/** The identity documents' key in development and tests only (public: it protects nothing; decision 0074). */
const DEVELOPMENT_DOCUMENTS_KEY = 'c2d4LWRldmVsb3BtZW50LWlkZW50aXR5LWtleS0zMmI=';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL && !e.ADMIN_EMAIL) {
    // Allowed (embedded database in production), but the first admin must come from somewhere.
  }
  if (e.DATABASE_APP_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid environment:\n  DATABASE_APP_URL needs DATABASE_URL (the embedded database makes its own)',
    );
  }
  if (e.DATABASE_POOLER && !e.DATABASE_APP_URL) {
    // Through a transaction pooler a SET ROLE would stay on a server connection another client gets next.
    throw new Error(
      "Invalid environment:\n  DATABASE_POOLER needs DATABASE_APP_URL (the app role's own login, through the pooler) and DATABASE_URL (the owner's, straight to PostgreSQL)",
    );
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_POOLER) {
    throw new Error('Invalid environment:\n  DATABASE_DIRECT_URL is for DATABASE_POOLER only');
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.DATABASE_APP_URL) {
    // The owner's login taking the app role by SET ROLE can RESET ROLE out of it (decision 0031).
    throw new Error(
      'Invalid environment:\n  DATABASE_APP_URL is required in production with DATABASE_URL: requests sign in as the app role sgx_app, never as the owner (README, "Running in production")',
    );
  }
  if (e.MAIL_CATCHER === true && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid environment:\n  MAIL_CATCHER is for development only: set SMTP_URL in production',
    );
  }
  if (e.WEBHOOKS_ALLOW_PRIVATE === true && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid environment:\n  WEBHOOKS_ALLOW_PRIVATE is for development and tests only: production webhooks go to public https addresses',
    );
  }
  if (e.NODE_ENV === 'production' && !e.IDENTITY_DOCUMENTS_KEY) {
    throw new Error(
      'Invalid environment:\n  IDENTITY_DOCUMENTS_KEY is required in production: 32 random bytes in base64 (openssl rand -base64 32), kept outside the database',
    );
  }
  const providerSecrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const m = /^IDENTITY_PROVIDER_([A-Z0-9_]{1,40})_SECRET$/.exec(name);
    if (!m?.[1] || value === undefined) continue;
    if (value.trim().length < 32)
      throw new Error(
        `Invalid environment:\n  ${name}: an identity provider's secret has at least 32 characters`,
      );
    providerSecrets[m[1].toLowerCase()] = value.trim();
  }
  if (e.SANCTIONS_LIST_URL && e.SANCTIONS_LIST_FILE) {
    throw new Error('Invalid environment:\n  set SANCTIONS_LIST_URL or SANCTIONS_LIST_FILE, not both');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new Error('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  // Relative paths are taken from where `npm start` was typed (npm sets INIT_CWD), else the repo root.
  const base = env.INIT_CWD ?? repoRoot;
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePooler:
      e.DATABASE_POOLER && e.DATABASE_URL
        ? { mode: e.DATABASE_POOLER, sessionUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL }
        : undefined,
    databaseReplicas: {
      urls: e.DATABASE_REPLICA_URLS,
      maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
      checkEveryMs: e.DATABASE_REPLICA_CHECK_MS,
    },
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    firstAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailCatcher:
      e.NODE_ENV !== 'production' && !e.SMTP_URL && (e.MAIL_CATCHER ?? e.NODE_ENV === 'development')
        ? { smtpPort: e.MAIL_CATCHER_SMTP_PORT, webPort: e.MAIL_CATCHER_WEB_PORT }
        : undefined,
    runJobs: e.RUN_JOBS ?? e.NODE_ENV !== 'test',
    chainRpcUrls: Object.fromEntries(
      CHAIN_IDS.flatMap((id) => (e[`CHAIN_RPC_URL_${id}`] ? [[id, e[`CHAIN_RPC_URL_${id}`]]] : [])),
    ),
    publicRpcUrls: Object.fromEntries(
      CHAIN_IDS.flatMap((id) => {
        const list = (e[`PUBLIC_RPC_URL_${id}`] ?? '')
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean);
        return list.length > 0 ? [[id, list]] : [];
      }),
    ),
    chainPollMs: Math.round(e.CHAIN_POLL_SECONDS * 1000),
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID,
    payoutHotWalletKeys: Object.fromEntries(
      HOT_WALLET_CHAIN_IDS.flatMap((id) => {
        const key = e[`PAYOUT_HOT_WALLET_KEY_${id}`];
        return key ? [[id, key.toLowerCase() as `0x${string}`]] : [];
      }),
    ),
    payoutStuckMs: Math.round(e.PAYOUT_STUCK_SECONDS * 1000),
    testKillAt: e.SGX_TEST_KILL_AT,
    sanctionsList: {
      url: e.SANCTIONS_LIST_URL,
      file: e.SANCTIONS_LIST_FILE ? path.resolve(base, e.SANCTIONS_LIST_FILE) : undefined,
    },
    identity: {
      documentsKey: e.IDENTITY_DOCUMENTS_KEY
        ? Buffer.from(e.IDENTITY_DOCUMENTS_KEY, 'base64')
        : Buffer.from(DEVELOPMENT_DOCUMENTS_KEY, 'base64'),
      previousDocumentsKey: e.IDENTITY_DOCUMENTS_KEY_PREVIOUS
        ? Buffer.from(e.IDENTITY_DOCUMENTS_KEY_PREVIOUS, 'base64')
        : null,
      developmentKey: !e.IDENTITY_DOCUMENTS_KEY,
      providerSecrets,
    },
    webhooks: {
      allowPrivate: e.NODE_ENV !== 'production' && (e.WEBHOOKS_ALLOW_PRIVATE ?? true),
      requireHttps: e.NODE_ENV === 'production',
      pollMs: e.WEBHOOKS_POLL_MS,
    },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
      signinPerIp: e.RATE_LIMIT_SIGNIN_PER_IP,
      signinPerAccount: e.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
    },
  };
}
