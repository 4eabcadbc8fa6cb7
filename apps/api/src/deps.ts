import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db';
import type { ReadRouter } from './db/read-router';
import type { RateLimiter } from './http/rate-limit';
import type { JobQueue } from './jobs/queue';
import type { ApprovalsService } from './modules/approvals/approvals.service';
import type { AuthService } from './modules/auth/auth.service';
import type { SessionStore } from './modules/auth/sessions';
import type { TwoFactorService } from './modules/auth/two-factor.service';
import type { HotWalletPayer } from './modules/chain-payouts/hot-wallet';
import type { ChainPayoutsService } from './modules/chain-payouts/payouts.service';
import type { ChainsService } from './modules/chains/chains.service';
import type { DepositVerifier } from './modules/chains/verifier';
import type { CodesService } from './modules/codes/codes.service';
import type { CtoService } from './modules/cto/cto.service';
import type { DepositsService } from './modules/deposits/deposits.service';
import type { RoiService } from './modules/income/roi.service';
import type { Mailer } from './modules/mail/mailer';
import type { MembersService } from './modules/members/members.service';
import type { NotificationsService } from './modules/notifications/notifications.service';
import type { PayoutAddressService } from './modules/payouts/payout-address.service';
import type { PlansService } from './modules/plans/plans.service';
import type { QrService } from './modules/qr/qr.service';
import type { RecoveryService } from './modules/recovery/recovery.service';
import type { ReferralsService } from './modules/referrals/referrals.service';
import type { RewardsService } from './modules/rewards/rewards.service';
import type { SanctionsService } from './modules/sanctions/sanctions.service';
import type { SettingsService } from './modules/settings/settings.service';
import type { SimulationService } from './modules/simulation/simulation.service';
import type { SweepsService } from './modules/sweeps/sweeps.service';
import type { TicketsService } from './modules/tickets/tickets.service';
import type { TokenService } from './modules/token/token.service';
import type { TopupsService } from './modules/topups/topups.service';
import type { TransactionsService } from './modules/transactions/transactions.service';
import type { TransfersService } from './modules/transfers/transfers.service';
import type { WalletsService } from './modules/wallets/wallets.service';
import type { WebhookDispatcher } from './modules/webhooks/dispatcher';
import type { WebhooksService } from './modules/webhooks/webhooks.service';
import type { WithdrawalsService } from './modules/withdrawals/withdrawals.service';

/**
 * The types every module shares: the services (Deps) and the typed Fastify app the routes register on.
 * Kept apart from app.ts, which builds them, so a routes file never imports the module that imports it.
 */
export type Deps = {
  config: Config;
  db: Db;
  /**
   * For reads of history and large ranges (lists, searches, reports, statements, exports, proofs): a replica when one
   * is set and fresh enough for the caller, else the primary (db/read-router.ts, decision 0080). Never for a read
   * whose answer a write then relies on: that reads `db`.
   */
  reads: Db;
  /** Set when DATABASE_REPLICA_URLS names replicas: their health, for /health/ready. */
  readRouter?: ReadRouter;
  sessions: SessionStore;
  settings: SettingsService;
  limiter: RateLimiter;
  auth: AuthService;
  twoFactor: TwoFactorService;
  members: MembersService;
  payoutAddress: PayoutAddressService;
  plans: PlansService;
  topups: TopupsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  approvals: ApprovalsService;
  transfers: TransfersService;
  codes: CodesService;
  transactions: TransactionsService;
  roi: RoiService;
  referrals: ReferralsService;
  token: TokenService;
  /** The platform's receiving addresses. */
  qr: QrService;
  tickets: TicketsService;
  notifications: NotificationsService;
  /** Set when the app is built; jobs log through it. */
  logger?: FastifyBaseLogger;
  mailer: Mailer;
  recovery: RecoveryService;
  rewards: RewardsService;
  cto: CtoService;
  /** The plan-change simulator (decision 0069). */
  simulations: SimulationService;
  chains: ChainsService;
  wallets: WalletsService;
  verifier: DepositVerifier;
  sweeps: SweepsService;
  /** Approved withdrawals paid on chain in batches (decision 0034). */
  chainPayouts: ChainPayoutsService;
  /** Automatic payouts from a hot wallet, where PAYOUT_HOT_WALLET_KEY_<chain id> is set (decision 0034). */
  hotWallet: HotWalletPayer;
  /** Owners' webhook endpoints, and the outbox's dispatcher and deliverer (decision 0072). */
  webhooks: WebhooksService;
  webhookDispatcher: WebhookDispatcher;
  /** Sanctions screening: the lists, the checker, the hits and their release by two admins (decision 0075). */
  sanctions: SanctionsService;
  /** The job queue, when jobs run in this process: services enqueue follow-up work through it. */
  queue?: JobQueue;
  /**
   * Set when the process stops (server.ts close): the database may already be gone (a terminal's Ctrl-C reaches
   * the embedded PostgreSQL too), so a lost connection is expected then and not reported.
   */
  stopping?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
