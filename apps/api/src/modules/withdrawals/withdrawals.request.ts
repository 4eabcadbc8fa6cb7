import { addressKind } from '@sgx/chain';
import { featureClosedMessages, type Settings, type WithdrawalRecord } from '@sgx/contracts';
import { formatUsd } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { AccountKind, Currency } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, businessRule, notFound } from '../../http/errors';
import { refusal } from '../ledger/ledger.service';
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
 * A withdrawal from a wallet in one statement (withdrawal_request, migration 0026): the server's quote
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
  const { rows } = await sql<WithdrawalRow>`
    /* prepare:withdrawal_request */
    SELECT r.id, r.user_id, r.username, u.fullname, r.kind, r.amount, r.fee, r.net, r.currency, r.address,
      r.status, r.note, r.created_at, r.decided_at,
      NULL::bigint AS approval_id, NULL::text AS approval_requested_by, false AS flagged
    FROM withdrawal_request(${userId}::bigint, ${kind}, ${sourceWallet[kind]}, ${q.amount}::bigint,
      ${q.fee}::bigint, ${q.minimum}::bigint, ${body.currency ?? null}::text, ${key}, ${fingerprint}::text,
      ${principal.userId}::bigint, ${principal.userId === userId}, ${s.features.withdrawal}) r
    JOIN users u ON u.id = r.user_id`
    .execute(db)
    .catch((err: unknown): never => {
      switch ((err as { code?: string }).code) {
        case 'SX401':
          throw notFound('Member not found.');
        case 'SX402':
          throw new AppError('FEATURE_DISABLED', featureClosedMessages.withdrawal);
        case 'SX403':
          throw businessRule(missingPayoutAddress(body.currency));
        case 'SX404':
          throw businessRule('Enter an amount above 0.');
        case 'SX405':
          throw businessRule(`The minimum withdrawal is ${formatUsd(q.minimum)} USD.`);
        case 'SX406': {
          // DETAIL: the currency and the hold's end (ISO, UTC), migration 0030.
          const [currency, until] = String((err as { detail?: string }).detail ?? '').split(' ');
          throw holdRefusal(currency === 'TRC20' ? 'TRC20' : 'BEP20', new Date(until ?? ''));
        }
        default:
          return refusal(err);
      }
    });
  const row = rows[0];
  if (!row) throw new AppError('INTERNAL', 'The withdrawal request returned nothing.');
  return toRecord(row);
}

/** A withdrawal with no payout address to go to; the address kind named, not BEP20 alone (issue 22). */
export const missingPayoutAddress = (currency: 'BEP20' | 'TRC20' | undefined) =>
  `Add your ${currency === undefined ? 'EVM or TRON' : addressKind(currency)} payout address in your profile first.`;
