import { addressKind } from '@sgx/chain';
import { featureClosedMessages, type Settings, type WithdrawalRecord } from '@sgx/contracts';
import { formatUsd } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { asSqlError, type BatchRefusal, groupCommitPerDb } from '../../db/group-commit';
import type { AccountKind, Currency } from '../../db/schema';
import type { Principal } from '../../http/access';
import { refusal } from '../../http/sql-errors';
import { identityLimitSay, identityLimitsParam } from '../identity-limits/limits';
import { holdRefusal } from '../payouts/payout-address';
import { quoteWithdrawal, type WithdrawalKind } from './fees';
import { toRecord, type WithdrawalRow } from './withdrawals.records';

/** The member wallet each withdrawal kind (but principal, which comes from a plan) is paid from. */
export const sourceWallet: Record<Exclude<WithdrawalKind, 'principal'>, AccountKind> = {
  working: 'working',
  roi: 'non_working',
  compound: 'compound',
};

/**
 * A withdrawal from a wallet in one statement (withdrawal_request, db/functions/withdrawal_request.sql): the server's quote
 * (fee, net, minimum from the settings) is passed in, the checks run there in the order of the service's
 * principal path, and the record comes back with it. `key` is the sender's scoped Idempotency-Key.
 */
export async function requestFromWallet(
  db: Db,
  s: Settings,
  principal: Principal,
  userId: bigint,
  kind: Exclude<WithdrawalKind, 'principal'>,
  body: { amount?: bigint | undefined; currency?: Currency | undefined },
  key: string,
  fingerprint: string | null,
): Promise<WithdrawalRecord> {
  const q = quoteWithdrawal(kind, body.amount ?? 0n, s.withdrawal);
  const outcome = await submitWithdrawal(db, {
    user: userId,
    kind,
    wallet: sourceWallet[kind],
    amount: q.amount,
    fee: q.fee,
    minimum: q.minimum,
    currency: body.currency ?? null,
    key,
    fingerprint,
    createdBy: principal.userId,
    checkBlocked: principal.userId === userId,
    featureOn: s.features.withdrawal,
    identityLimits: identityLimitsParam(s),
  });
  if (!('error' in outcome)) return toRecord(outcome);
  return refusal(asSqlError(outcome.error), {
    ...identityLimitSay,
    SX402: () => featureClosedMessages.withdrawal,
    SX403: () => missingPayoutAddress(body.currency),
    SX405: () => `The minimum withdrawal is ${formatUsd(q.minimum)} USD.`,
    // DETAIL: the currency and the hold's end (ISO, UTC): db/functions/withdrawal_request.sql.
    SX406: (detail) => {
      const [currency, until] = detail.split(' ');
      return holdRefusal(currency === 'TRC20' ? 'TRC20' : 'BEP20', new Date(until ?? ''));
    },
  });
}

/** One wallet withdrawal request as the batch statement takes it (the server's quote already made). */
type WithdrawalItem = {
  user: bigint;
  kind: string;
  wallet: AccountKind;
  amount: bigint;
  fee: bigint;
  minimum: bigint;
  currency: Currency | null;
  key: string;
  fingerprint: string | null;
  createdBy: bigint;
  checkBlocked: boolean;
  featureOn: boolean;
  /** The identity levels' limits in units (identity-limits/limits.ts, decision 0073). */
  identityLimits: string;
};
type WithdrawalOutcome = WithdrawalRow | BatchRefusal;

/** The group commit of wallet withdrawal requests (decision 0047). */
const submitWithdrawal = groupCommitPerDb(applyBatch);

/**
 * The requests arriving together in one statement and one commit (withdrawal_request_batch, db/functions/withdrawal_request_batch.sql):
 * withdrawal_request for each in arrival order, each in a subtransaction of its own with its own answer.
 */
async function applyBatch(db: Db, items: WithdrawalItem[]): Promise<WithdrawalOutcome[]> {
  const col = <K extends keyof WithdrawalItem>(k: K) => items.map((x) => x[k]);
  const { rows } = await sql<
    Omit<WithdrawalRow, 'approval_id' | 'approval_requested_by' | 'flagged' | 'payout' | 'payout_method'> & {
      i: number;
      err_code: string | null;
      err_message: string | null;
      err_detail: string | null;
    }
  >`
    /* prepare:withdrawal_request_batch */
    SELECT * FROM withdrawal_request_batch(${col('user')}::bigint[], ${col('kind')}::text[],
      ${col('wallet')}::text[], ${col('amount')}::bigint[], ${col('fee')}::bigint[], ${col('minimum')}::bigint[],
      ${col('currency')}::text[], ${col('key')}::text[], ${col('fingerprint')}::text[],
      ${col('createdBy')}::bigint[], ${col('checkBlocked')}::boolean[], ${col('featureOn')}::boolean[],
      ${col('identityLimits')}::jsonb[])`.execute(db);
  const out: WithdrawalOutcome[] = items.map(() => ({
    error: { code: 'XX000', message: 'The withdrawal request returned nothing.', detail: null },
  }));
  for (const r of rows) {
    out[r.i - 1] =
      r.err_code === null
        ? {
            ...r,
            approval_id: null,
            approval_requested_by: null,
            flagged: false,
            payout: null,
            payout_method: null,
          }
        : { error: { code: r.err_code, message: r.err_message ?? '', detail: r.err_detail } };
  }
  return out;
}

/** A withdrawal with no payout address to go to; the address kind named, not BEP20 alone (decision 0041). */
export const missingPayoutAddress = (currency: 'BEP20' | 'TRC20' | undefined) =>
  `Add your ${currency === undefined ? 'EVM or TRON' : addressKind(currency)} payout address in your profile first.`;
