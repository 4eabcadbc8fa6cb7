import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { approvalRegistrations } from './composition/approvals';
// Phone numbers are checked against libphonenumber's numbering plans on every route (decision 0041).
import '@sgx/contracts/phone';
import { proposalOfApproval } from './composition/simulations';
import type { Config } from './config';
import type { Db } from './db';
import type { App, Deps } from './deps';
import { registerAccessControl } from './http/access';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { registerInputChecks } from './http/input';
import { registerJsonParser } from './http/json';
import { registerOpenApi } from './http/openapi';
import { RateLimiter } from './http/rate-limit';
import { registerReadYourWrites } from './http/read-your-writes';
import { registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/static';
import type { Warn } from './log';
import { registerApiKeyAudit } from './modules/api-keys/api-keys.audit';
import { ApiKeyLookup } from './modules/api-keys/api-keys.door';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { ApprovalsService } from './modules/approvals/approvals.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { setPasswordSite } from './modules/auth/password-strength';
import { requireSecondFactor } from './modules/auth/second-factor';
import { SessionStore } from './modules/auth/sessions';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { TwoFactorService } from './modules/auth/two-factor.service';
import { bonusRoutes } from './modules/bonus/bonus.routes';
import { HOT_PAYOUTS_QUEUE, HotWalletPayer } from './modules/chain-payouts/hot-wallet';
import { chainPayoutsRoutes } from './modules/chain-payouts/payouts.routes';
import { ChainPayoutsService } from './modules/chain-payouts/payouts.service';
import { chainsRoutes } from './modules/chains/chains.routes';
import { ChainsService } from './modules/chains/chains.service';
import { DepositVerifier } from './modules/chains/verifier';
import { codesRoutes } from './modules/codes/codes.routes';
import { CodesService } from './modules/codes/codes.service';
import { contentRoutes } from './modules/content/content.routes';
import { ctoRoutes } from './modules/cto/cto.routes';
import { CtoService } from './modules/cto/cto.service';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { DepositsService } from './modules/deposits/deposits.service';
import { reorgRoutes } from './modules/deposits/reorg.routes';
import { flagsRoutes } from './modules/flags/flags.routes';
import { healthRoutes } from './modules/health/health.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { identityLimitsRoutes } from './modules/identity-limits/identity-limits.routes';
import { roiRoutes } from './modules/income/roi.routes';
import { RoiService } from './modules/income/roi.service';
import { salaryRoutes } from './modules/income/salary.routes';
import { incomeHoldsRoutes } from './modules/income-holds/income-holds.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { Mailer } from './modules/mail/mailer';
import { membersRoutes } from './modules/members/members.routes';
import { MembersService } from './modules/members/members.service';
import { registerEventMail } from './modules/notifications/event-mail';
import { eventsRoutes } from './modules/notifications/events.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import { payoutAddressRoutes } from './modules/payouts/payout-address.routes';
import { PayoutAddressService } from './modules/payouts/payout-address.service';
import { plansRoutes } from './modules/plans/plans.routes';
import { PlansService } from './modules/plans/plans.service';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { proofRoutes } from './modules/proof/proof.routes';
import { qrRoutes } from './modules/qr/qr.routes';
import { QrService } from './modules/qr/qr.service';
import { recipientsRoutes } from './modules/recipients/recipients.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { RecoveryService } from './modules/recovery/recovery.service';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { ReferralsService } from './modules/referrals/referrals.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { RewardsService } from './modules/rewards/rewards.service';
import { riskRoutes } from './modules/risk/risk.routes';
import { rulesRoutes } from './modules/rules/rules.routes';
import { sanctionsRoutes } from './modules/sanctions/sanctions.routes';
import { SanctionsService } from './modules/sanctions/sanctions.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { SettingsService } from './modules/settings/settings.service';
import { setupRoutes } from './modules/setup/setup.routes';
import { simulationRoutes } from './modules/simulation/simulation.routes';
import { SimulationService } from './modules/simulation/simulation.service';
import { solvencyRoutes } from './modules/solvency/solvency.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { statementsRoutes } from './modules/statements/statements.routes';
import { sweepsRoutes } from './modules/sweeps/sweeps.routes';
import { SweepsService } from './modules/sweeps/sweeps.service';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { TicketsService } from './modules/tickets/tickets.service';
import { tokenRoutes } from './modules/token/token.routes';
import { TokenService } from './modules/token/token.service';
import { topupsRoutes } from './modules/topups/topups.routes';
import { TopupsService } from './modules/topups/topups.service';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { TransactionsService } from './modules/transactions/transactions.service';
import { transfersRoutes } from './modules/transfers/transfers.routes';
import { TransfersService } from './modules/transfers/transfers.service';
import { videosRoutes } from './modules/videos/videos.routes';
import { walletsRoutes } from './modules/wallets/wallets.routes';
import { WalletsService } from './modules/wallets/wallets.service';
import { WebhookDispatcher } from './modules/webhooks/dispatcher';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { WebhooksService } from './modules/webhooks/webhooks.service';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { WithdrawalsService } from './modules/withdrawals/withdrawals.service';

export const API_PREFIX = '/api/v1';

export type { App, Deps } from './deps';

export function buildDeps(config: Config, db: Db, reads: Db = db): Deps {
  const sessions = new SessionStore(db, config.sessionTtlMs);
  // The site's address is no part of a password (decision 0032).
  setPasswordSite(config.appUrl);
  const settings = new SettingsService(db);
  // Counters in PostgreSQL, shared by every instance; a failed clean-up of ended windows only logs.
  const limiter = new RateLimiter(db, (err) => deps.logger?.warn({ err }, 'rate-limit sweep failed'));
  // A fallback on a money path is said in the app's log (decision 0061).
  const warn: Warn = (facts, message) => deps.logger?.warn(facts, message);
  const plans = new PlansService(db);
  const topups = new TopupsService(db, settings, reads);
  const mailer = new Mailer(db, config.smtpUrl, config.mailFrom, config.mailCatcher?.smtpPort);
  const chains = new ChainsService(db, config);
  const chainPayouts = new ChainPayoutsService(db, chains, plans, warn);
  const deposits = new DepositsService(db, settings, chains, reads);
  const withdrawals = new WithdrawalsService(db, settings, plans, reads);
  const token = new TokenService(db, settings);
  const qr = new QrService(db);
  const simulations = new SimulationService(db, warn, proposalOfApproval);
  const deps: Deps = {
    config,
    db,
    reads,
    sessions,
    settings,
    limiter,
    auth: new AuthService(db, sessions, settings, limiter, config.rateLimits),
    twoFactor: new TwoFactorService(db, sessions),
    members: new MembersService(db, sessions, settings, reads),
    payoutAddress: new PayoutAddressService(db, settings, mailer, limiter, config),
    plans,
    topups,
    deposits,
    withdrawals,
    approvals: new ApprovalsService(
      db,
      approvalRegistrations({ withdrawals, settings, deposits, chains, qr, token, plans, simulations }),
    ),
    transfers: new TransfersService(db, topups, settings),
    codes: new CodesService(db, settings),
    transactions: new TransactionsService(db, settings, reads),
    roi: new RoiService(db, settings),
    referrals: new ReferralsService(db),
    token,
    qr,
    tickets: new TicketsService(db, settings),
    notifications: new NotificationsService(db, mailer, config.appUrl),
    mailer,
    recovery: new RecoveryService(db, mailer, sessions, limiter, config),
    rewards: new RewardsService(db, settings),
    cto: new CtoService(db, settings),
    simulations,
    chains,
    wallets: new WalletsService(db, chains, config),
    verifier: new DepositVerifier(db, chains, deposits, config, warn),
    sweeps: new SweepsService(db, chains, warn),
    chainPayouts,
    hotWallet: new HotWalletPayer(db, chains, settings, chainPayouts.verifier, config),
    webhooks: new WebhooksService(db, config.webhooks, (who, code) => requireSecondFactor(db, who, code)),
    sanctions: new SanctionsService(db),
    // A round lost to the database while the process stops (deps.stopping: Ctrl-C stops PostgreSQL too) is no fault.
    webhookDispatcher: new WebhookDispatcher(db, config.webhooks, mailer, (facts, message) => {
      if (!deps.stopping) warn(facts, message);
    }),
  };
  // Approved payouts are paid from the hot wallet at once where one is configured (decision 0034).
  chainPayouts.hotWalletOf = (chainId) => deps.hotWallet.status(chainId);
  withdrawals.onApproved = () =>
    void deps.queue?.send(HOT_PAYOUTS_QUEUE, {}, { singletonKey: 'payouts-hot-approved' });
  deposits.onRequested = (d) => deps.verifier.enqueue(deps.queue, d);
  deps.wallets.onLinked = (userId, address) => deps.verifier.reopenForLinked(deps.queue, userId, address);
  return deps;
}

export async function buildApp(deps: Deps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    trustProxy: config.trustProxy,
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.body.password', 'req.body.confirmPassword'],
          },
  }).withTypeProvider<ZodTypeProvider>();

  deps.logger = app.log;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  await registerSecurityHeaders(app, config);
  registerJsonParser(app);
  registerErrorHandler(app);
  registerInputChecks(app);
  registerAccessControl(app, deps.sessions, new ApiKeyLookup(deps.db, deps.limiter));
  // With replicas, a caller's reads after their own write wait for a replica that holds it (decision 0080).
  if (deps.readRouter) registerReadYourWrites(app, config.databaseReplicas.maxLagMs);
  registerApiKeyAudit(app, deps.db);
  await registerCompression(app);

  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });
  await registerOpenApi(app, API_PREFIX);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      healthRoutes(typed);
      authRoutes(typed);
      twoFactorRoutes(typed);
      membersRoutes(typed);
      plansRoutes(typed);
      settingsRoutes(typed);
      ledgerRoutes(typed);
      topupsRoutes(typed);
      depositsRoutes(typed);
      reorgRoutes(typed);
      withdrawalsRoutes(typed);
      approvalsRoutes(typed);
      transfersRoutes(typed);
      recipientsRoutes(typed);
      codesRoutes(typed);
      qrRoutes(typed);
      transactionsRoutes(typed);
      roiRoutes(typed);
      referralsRoutes(typed);
      tokenRoutes(typed);
      videosRoutes(typed);
      ticketsRoutes(typed);
      notificationsRoutes(typed);
      eventsRoutes(typed);
      recoveryRoutes(typed);
      contentRoutes(typed);
      bonusRoutes(typed);
      reportsRoutes(typed);
      salaryRoutes(typed);
      rewardsRoutes(typed);
      ctoRoutes(typed);
      chainsRoutes(typed);
      sweepsRoutes(typed);
      chainPayoutsRoutes(typed);
      walletsRoutes(typed);
      payoutAddressRoutes(typed);
      setupRoutes(typed);
      riskRoutes(typed);
      preferencesRoutes(typed);
      auditRoutes(typed);
      staffRoutes(typed);
      proofRoutes(typed);
      solvencyRoutes(typed);
      rulesRoutes(typed);
      simulationRoutes(typed);
      statementsRoutes(typed);
      privacyRoutes(typed);
      apiKeysRoutes(typed);
      webhooksRoutes(typed);
      sanctionsRoutes(typed);
      identityRoutes(typed);
      identityLimitsRoutes(typed);
      incomeHoldsRoutes(typed);
      flagsRoutes(typed);
    },
    { prefix: API_PREFIX },
  );

  // Member events go out by e-mail after their transaction commits (never inside it).
  registerEventMail(app, deps.notifications.mail);
  registerWebApp(app, config.webDist);
  return app;
}
