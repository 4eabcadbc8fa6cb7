import { freshReadOn } from '../db/read-router';
import type { Deps } from '../deps';
import { createAuditMonthsAhead } from '../modules/audit/partitions';
import { HOT_PAYOUTS_QUEUE } from '../modules/chain-payouts/hot-wallet';
import { reconcilePayoutsOnChain } from '../modules/chain-payouts/payouts.reconcile';
import { ReorgRecheck } from '../modules/chains/recheck';
import { VERIFY_QUEUE } from '../modules/chains/verifier';
import { DepositReorgService } from '../modules/deposits/deposits.reorg';
import { deleteExpiredIdentityDocuments } from '../modules/identity/retention';
import { runSalary } from '../modules/income/salary.job';
import { releaseDueHolds } from '../modules/income-holds/income-holds.service';
import { createLedgerMonthsAhead } from '../modules/ledger/partitions';
import { reconcileIncrement } from '../modules/ledger/reconcile-increment';
import { checkTeamCounters } from '../modules/members/counters';
import { endKeptRecords } from '../modules/privacy/privacy.retention';
import { ProofService, utcDay } from '../modules/proof/proof.service';
import { Rollups } from '../modules/rollups/rollups';
import { refreshSanctionsList } from '../modules/sanctions/sanctions.refresh';
import { closeEarnedMarks } from '../modules/simulation/earned-marks';
import { solvencyService } from '../modules/solvency/solvency.compose';
import { fillMemoPieces } from '../modules/transactions/memo-pieces';

/** A scheduled job: its queue name, when it runs (cron, UTC), and what it does. Every job is idempotent. */
export type JobDefinition<T extends object = object> = {
  name: string;
  /** When it runs by itself; a job without one runs only when something queues it. */
  cron?: string;
  /** Queued once when the jobs start too (work a restart must resume at once). */
  atStart?: boolean;
  /**
   * Queued when a run ends, with `{ after: name }`: the jobs that make reads of what this one wrote fast (decision
   * 0093), so that they do not wait for their next minute.
   */
  followUps?: readonly string[];
  describe: string;
  run: (deps: Deps, data: T, now: Date) => Promise<unknown>;
};

/** The calendar month before `now`, as YYYY-MM (UTC). */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export type JobData = { month?: string; depositId?: number; after?: string };

/**
 * Throws unless every job has its own name and every follow-up names a job of `definitions`: pg-boss would take a
 * follow-up sent to a queue nobody made or works as lost, silently (startJobs checks before it starts anything).
 */
export function checkJobs(definitions: readonly JobDefinition<never>[]): void {
  const names = new Set<string>();
  for (const def of definitions) {
    if (names.has(def.name)) throw new Error(`jobs: two jobs are named ${def.name}`);
    names.add(def.name);
  }
  for (const def of definitions)
    for (const next of def.followUps ?? [])
      if (!names.has(next)) throw new Error(`jobs: ${def.name} follows up with ${next}, which is not a job`);
}

/**
 * After a job that posts a transaction for many members at once (hundreds of thousands at one instant at 1,000,000
 * members): the marks that locate a page deep inside its hour and the memo pieces that answer a short text, which
 * would otherwise read every row it wrote until their next minute (decision 0093).
 */
const AFTER_POSTING_MANY = ['ledger-marks-minutely', 'ledger-memo-pieces-minutely'] as const;

export const jobs: JobDefinition<JobData>[] = [
  {
    name: 'salary-monthly',
    cron: '30 0 1 * *',
    describe: "Pays each qualified member last month's salary tier (00:30 UTC on the 1st).",
    run: (deps, data, now) => runSalary(deps.db, deps.settings, data.month ?? previousMonth(now)),
    followUps: AFTER_POSTING_MANY,
  },
  {
    name: 'cto-monthly',
    cron: '45 0 1 * *',
    describe: "Pays last month's CTO pool to the qualified members (00:45 UTC on the 1st), once.",
    run: (deps, data, now) => deps.cto.payIfDue(data.month ?? previousMonth(now)),
    followUps: AFTER_POSTING_MANY,
  },
  {
    name: 'reward-windows-daily',
    cron: '5 0 * * *',
    describe:
      'Marks ranks whose window closed unclaimed as expired and reopens them with a new window (00:05 UTC).',
    run: (deps, _data, now) => deps.rewards.renewExpiredWindows(now),
  },
  {
    name: 'identity-documents-retention-daily',
    cron: '25 1 * * *',
    describe:
      "Deletes identity documents' files identityDocumentRetentionDays after their decision, keeping the decision (01:25 UTC).",
    run: (deps, _data, now) => deleteExpiredIdentityDocuments(deps.db, deps.settings, now),
  },
  {
    name: 'ledger-partitions-daily',
    cron: '5 1 * * *',
    describe:
      "Makes the ledger entries' monthly partitions for the current month and three ahead, each once (01:05 UTC, decision 0079).",
    run: (deps) => createLedgerMonthsAhead(deps.db),
  },
  {
    name: 'audit-partitions-daily',
    cron: '6 1 * * *',
    describe:
      "Makes the audit trail's monthly partitions for the current month and three ahead, each once (01:06 UTC, decision 0095).",
    run: (deps) => createAuditMonthsAhead(deps.db),
  },
  {
    name: 'privacy-retention-daily',
    cron: '35 1 * * *',
    describe:
      "Ends the retention period of closed members' kept records five years after closing: their risk signals, linked wallets, deposit senders, country and compliance texts go; the ledger stays (01:35 UTC, decision 0077).",
    run: (deps, _data, now) => endKeptRecords(deps.db, now),
  },
  {
    name: 'team-counters-daily',
    cron: '15 1 * * *',
    describe:
      "Checks every member's team counters against their definition and records the result (01:15 UTC).",
    run: async (deps) => {
      // One statement over every member: a replica holding everything until now reads it (decision 0080).
      const r = await freshReadOn(deps.readRouter, deps.db)((db) => checkTeamCounters(db));
      await deps.db
        .insertInto('counter_checks')
        .values({ checked: r.checked, mismatches: JSON.stringify(r.mismatches) })
        .execute();
      if (r.mismatches.length > 0)
        deps.logger?.error({ mismatches: r.mismatches.slice(0, 20) }, 'team counters do not match');
      return { checked: r.checked, mismatches: r.mismatches.length };
    },
  },
  {
    name: VERIFY_QUEUE,
    describe:
      'Checks one reported EVM deposit on chain; while it waits for its transaction or confirmations, checks again after CHAIN_POLL_SECONDS.',
    run: async (deps, data) => {
      if (data.depositId === undefined) return { skipped: 'no deposit id' };
      const r = await deps.verifier.verify(BigInt(data.depositId));
      if (r.status === 'waiting' || r.status === 'confirming' || r.status === 'error')
        await deps.queue?.send(VERIFY_QUEUE, data, { startAfterSeconds: deps.verifier.pollSeconds });
      return r;
    },
  },
  {
    name: 'deposits-chain-minutely',
    cron: '* * * * *',
    describe:
      "Checks every open chain deposit once, scans each chain the server reads for members' deposits nobody reported (to their own addresses, or from linked wallets), and checks sent sweeps and open payout batches (every minute).",
    run: async (deps, _data, now) => {
      const open = await deps.verifier.verifyOpen(now);
      const scans: Record<number, unknown> = {};
      for (const chainId of deps.chains.readChainIds()) {
        try {
          scans[chainId] = await deps.verifier.scan(chainId);
        } catch (err) {
          scans[chainId] = { error: err instanceof Error ? err.message.slice(0, 200) : String(err) };
        }
      }
      const sweeps = await deps.sweeps.checkOpen();
      const payouts = await deps.chainPayouts.checkOpen();
      return { open, scans, sweeps, payouts };
    },
  },
  {
    name: HOT_PAYOUTS_QUEUE,
    cron: '* * * * *',
    atStart: true,
    describe:
      'Pays approved payouts within the hot wallet policy from the hot wallet of each chain that has one, and follows its transactions until mined (every minute, at start, and after approvals; decision 0034).',
    run: async (deps) => {
      const out = await deps.hotWallet.run();
      // Something is on its way: looked at again soon rather than in a minute.
      if (Object.values(out).some((v) => /^(waiting|batch|allowing)/.test(v)))
        await deps.queue?.send(
          HOT_PAYOUTS_QUEUE,
          {},
          {
            startAfterSeconds: Math.max(1, deps.config.chainPollMs / 1000),
            singletonKey: 'payouts-hot-next',
          },
        );
      return out;
    },
  },
  {
    name: 'payouts-reconcile-daily',
    cron: '40 1 * * *',
    describe:
      'Reads again on chain every payout completed in the last 2 days: holds those a chain reorganisation removed (decision 0053), and checks one confirmed Transfer pays each, as its payout says (01:40 UTC).',
    run: async (deps, _data, now) => {
      // What a reorganisation removed is held first (decision 0053), then the rest is compared.
      const held = await deps.chainPayouts.reorg.recheck(now, 2 * 86_400_000);
      if (held.held > 0)
        deps.logger?.error(held, 'paid payouts held: a chain reorganisation removed their transaction');
      const r = await reconcilePayoutsOnChain(deps.db, deps.chains, new Date(now.getTime() - 2 * 86_400_000));
      if (r.mismatches.length > 0)
        deps.logger?.error({ mismatches: r.mismatches.slice(0, 20) }, 'payouts do not match the chain');
      return { checked: r.checked, mismatches: r.mismatches.length, held: held.held };
    },
  },
  {
    name: 'payouts-reorg-recheck',
    cron: '* * * * *',
    describe:
      'Reads paid payout batches of the last 24 hours again and holds the payouts whose transaction a chain reorganisation removed, for an admin to resolve (every minute; decision 0053).',
    run: async (deps, _data, now) => {
      const r = await deps.chainPayouts.reorg.recheck(now);
      if (r.held > 0)
        deps.logger?.error(r, 'paid payouts held: a chain reorganisation removed their transaction');
      return r;
    },
  },
  {
    name: 'proof-of-liabilities-daily',
    cron: '20 0 * * *',
    describe:
      "Builds the day's Merkle-sum tree of every member's balances at a cut-off and publishes its root and totals, once a day (00:20 UTC; decision 0044).",
    run: async (deps, _data, now) => {
      const r = await new ProofService(
        deps.db,
        deps.chains,
        (facts, message) => deps.logger?.warn(facts, message),
        freshReadOn(deps.readRouter, deps.db),
      ).buildDay(utcDay(now));
      return { built: r.built, day: r.tree.day, root: r.tree.root, leaves: r.tree.leaf_count };
    },
  },
  {
    name: 'solvency-daily',
    cron: '40 0 * * *',
    describe:
      "Computes the day's solvency report at the proof's cut-off (what is owed, still earnable, held, flows, the runway under three scenarios, health figures) and warns owners past the threshold, once a day (00:40 UTC; decision 0068).",
    run: async (deps, _data, now) => {
      const r = await solvencyService(deps, (facts, message) => deps.logger?.warn(facts, message)).buildDay(
        utcDay(now),
      );
      return { built: r.built, day: r.report.day, days_covered_stopped: r.report.runway[2]?.days_covered };
    },
  },
  {
    name: 'sanctions-refresh-daily',
    cron: '50 1 * * *',
    describe:
      'Loads the OFAC SDN list from SANCTIONS_LIST_URL or SANCTIONS_LIST_FILE when one is set (same content: nothing), re-screening payout addresses and linked wallets; a failed read keeps the list and alerts compliance once it is older than 7 days (01:50 UTC; decision 0075).',
    run: async (deps, _data, now) => {
      const r = await refreshSanctionsList(deps.db, deps.config.sanctionsList, now);
      if (r.status === 'failed') deps.logger?.warn(r, 'the OFAC sanctions list was not refreshed');
      return r;
    },
  },
  {
    name: 'income-holds-daily',
    cron: '10 0 * * *',
    describe:
      'Pays held income whose release date has passed into its wallet, unless its member has an open compliance flag (00:10 UTC; idempotent: each hold is released once; decision 0076).',
    run: async (deps, _data, now) => ({ released: await releaseDueHolds(deps.db, now) }),
    followUps: AFTER_POSTING_MANY,
  },
  {
    name: 'earned-marks-hourly',
    cron: '25 * * * *',
    describe:
      "Marks each member's income credited before the start of each ended UTC day, for the plan-change simulator, and deletes marks it no longer keeps (hourly, idempotent: a day is marked once; db/functions/earned_marks_close.sql; decision 0069).",
    run: async (deps, _data, now) => ({ latest: await closeEarnedMarks(deps.db, now) }),
  },
  {
    name: 'deposits-reorg-recheck',
    cron: '* * * * *',
    describe:
      'Reads credited chain deposits of the last 24 hours again and holds any whose transfer a chain reorganisation removed, for an admin to resolve (every minute; decision 0028).',
    run: async (deps, _data, now) => {
      const reorg = new DepositReorgService(deps.db, deps.chains, (facts, message) =>
        deps.logger?.warn(facts, message),
      );
      const r = await new ReorgRecheck(deps.db, deps.chains, reorg).run(now);
      if (r.held > 0)
        deps.logger?.error(r, 'credited deposits held: a chain reorganisation removed their transfer');
      return r;
    },
  },
  {
    name: 'ledger-figures-minutely',
    cron: '* * * * *',
    describe:
      "Closes the ledger's ended hours into the rollups and folds the figures writers appended (per hour, per member account) into one row each (every minute; db/functions/rollup_fill.sql, rollup_live_fold.sql and account_sums_fold.sql; decision 0009).",
    run: async (deps) => ({ closed_until: (await new Rollups(deps.db).fill()).toISOString() }),
  },
  {
    name: 'ledger-marks-minutely',
    cron: '* * * * *',
    describe:
      'Marks where each thousandth row of a busy hour lies, per source and side, up to the instant its rows are settled (open hours too), so that a page deep inside it is read from the nearest mark (every minute, a week of hours a run until caught up; db/functions/ledger_marks_fill.sql; decisions 0090, 0092).',
    run: async (deps) => ({ marked_until: (await new Rollups(deps.db).mark()).toISOString() }),
  },
  {
    name: 'ledger-memo-pieces-minutely',
    cron: '* * * * *',
    describe:
      "Keeps the one- and two-character pieces of each source's memos written since its last run, so that a search for a text without a trigram skips the sources whose memos cannot hold it (every minute, 30 days of history a run until caught up; db/functions/ledger_memo_pieces_fill.sql; decision 0091).",
    run: async (deps) => ({ pieced_until: (await fillMemoPieces(deps.db)).toISOString() }),
  },
  {
    name: 'ledger-reconcile-hourly',
    cron: '20 * * * *',
    describe:
      "Reconciles the ledger's new entries since the last run against the balances, figures and total_earned they moved, and checks each new transaction sums to zero (hourly; modules/ledger/reconcile-increment.ts; decision 0086).",
    run: async (deps) => {
      const r = await reconcileIncrement(deps.db);
      if (r.mismatches.length > 0)
        deps.logger?.error(
          { mismatches: r.mismatches.slice(0, 20) },
          'the incremental reconciliation found mismatches',
        );
      return {
        ran: r.ran,
        through: r.through.toISOString(),
        transactions: r.transactions,
        accounts: r.accounts,
        mismatches: r.mismatches.length,
      };
    },
  },
];
