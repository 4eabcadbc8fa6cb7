import { addressKind, TRON_CHAIN_ID } from '@sgx/chain';
import { amountOut, isTronAddress, tronToHex } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Tx } from '../../db';
import type { Currency } from '../../db/schema';
import { conflict } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { notifyMember, usd } from '../notifications/events';
import { emit } from '../webhooks/emit';

/**
 * Approving a withdrawal where it is paid on chain (decision 0034): the withdrawal stays pending and its
 * payout waits, with the payout address as the member gave it when asking, until a verified batch transaction pays
 * it. Where no chain of the withdrawal's network has a payout contract, completing it is done as before (the
 * operator pays outside the product and records it).
 */

type Approvable = {
  id: bigint;
  user_id: bigint;
  kind: string;
  amount: bigint;
  fee: bigint;
  net: bigint;
  currency: Currency;
  address: string;
};

/** What a withdrawal's webhook events say of it (decision 0072). */
export const withdrawalEventData = (w: Approvable) => ({
  withdrawal_id: String(w.id),
  member_id: String(w.user_id),
  kind: w.kind,
  amount: amountOut(w.amount),
  fee: amountOut(w.fee),
  net: amountOut(w.net),
  asset: 'USD',
  currency: w.currency,
  address: w.address,
});

const networkOf = (currency: Currency) => (currency === 'TRC20' ? 'TRON' : 'EVM');

/** How a withdrawal is paid: on chain by a batch under "Pay on chain", or by hand outside the product, then marked paid. */
export type PayoutMethod = 'chain' | 'hand';

/**
 * The one rule of how withdrawal `id` (of `currency`, in `status`) is paid, as SQL (`id`, `currency`, `status`: column
 * references or values): 'chain' when it has a payout (whatever the chain settings say now: it is never completed by
 * hand beside it) or, while pending, when a chain of its network has a payout contract; 'hand' for any other pending
 * request and for one completed without a payout; null for a declined one (nothing was paid).
 */
export const payoutMethodOf = (id: unknown, currency: unknown, status: unknown) =>
  sql<PayoutMethod | null>`CASE
    WHEN EXISTS (SELECT 1 FROM payouts WHERE withdrawal_id = ${id}) THEN 'chain'
    WHEN ${status} = 'pending' THEN
      CASE WHEN EXISTS (SELECT 1 FROM chain_settings WHERE payout_contract IS NOT NULL
                        AND (chain_id = ${TRON_CHAIN_ID}) = (${currency} = 'TRC20')) THEN 'chain' ELSE 'hand' END
    WHEN ${status} = 'complete' THEN 'hand'
  END`;

/** How the pending withdrawal `w` is paid (payoutMethodOf). */
export async function payoutMethod(tx: Tx, w: { id: bigint; currency: Currency }): Promise<PayoutMethod> {
  const { rows } = await sql<{ method: PayoutMethod }>`
    SELECT ${payoutMethodOf(w.id, w.currency, 'pending')} AS method`.execute(tx);
  return rows[0]?.method === 'chain' ? 'chain' : 'hand';
}

/**
 * The way `asked` the admin's screen showed (the decision's `payout_method`) must be the way `w` is paid now: a request
 * an operator was told to send by hand is never also paid on chain, nor one meant for a batch marked paid unpaid.
 */
export function assertPayoutMethod(now: PayoutMethod, asked: PayoutMethod | undefined): void {
  if (asked === undefined || asked === now) return;
  throw conflict(
    now === 'chain'
      ? 'This withdrawal is paid on chain: approve it and pay it in a batch under Pay on chain. Do not send it by hand.'
      : 'No payout contract is set for this network: send the payout by hand, then mark it as paid.',
  );
}

/** The payout address as stored for the chain: 20-byte hex, lower case (TRON's `T...` converted). */
export function payoutAddressHex(address: string): string {
  if (isTronAddress(address)) return tronToHex(address);
  if (!/^0x[0-9a-fA-F]{40}$/.test(address))
    throw conflict(`The payout address ${address} cannot be paid on chain; decline the request.`);
  return address.toLowerCase();
}

/** The approved withdrawal waits as a payout (once: approving it again changes nothing); audited, the member told. */
export async function approvePayout(
  tx: Tx,
  w: Approvable,
  by: bigint,
  note: string | undefined,
  approvalId?: bigint,
): Promise<void> {
  const made = await tx
    .insertInto('payouts')
    .values({
      withdrawal_id: w.id,
      network: networkOf(w.currency),
      address: payoutAddressHex(w.address),
      approved_by: by,
    })
    .onConflict((oc) => oc.column('withdrawal_id').doNothing())
    .returning('withdrawal_id')
    .executeTakeFirst();
  if (!made) return;
  if (note) await tx.updateTable('withdrawals').set({ note }).where('id', '=', w.id).execute();
  await emit(tx, 'withdrawal.approved', { ...withdrawalEventData(w), paid_by: 'chain' }, [
    `withdrawal-hold:${w.id}`,
  ]);
  await notifyMember(tx, {
    userId: w.user_id,
    kind: 'withdrawal_approved',
    key: `withdrawal-approved:${w.id}`,
    title: 'Withdrawal approved',
    message: `Your withdrawal of ${usd(w.amount)} was approved: ${usd(w.net)} will be sent to your ${addressKind(w.currency)} address ${w.address} on chain. You will see the transaction in your withdrawal history.`,
    link: '/user/withdrawal',
  });
  await writeAudit(tx, {
    actorId: by,
    action: 'withdrawal.approve',
    entity: 'withdrawal',
    entityId: w.id,
    before: { status: 'pending', payout: null },
    after: {
      status: 'pending',
      payout: 'approved',
      net: amountOut(w.net),
      fee: amountOut(w.fee),
      ...(approvalId === undefined ? {} : { approval_id: String(approvalId) }),
    },
    reason: note ?? null,
  });
}

/**
 * Before a withdrawal is declined or cancelled: a payout that a transaction may pay (sending), paid, or failed
 * (its last batch may still be paid until the server proved otherwise: an admin retries it first) cannot be; an
 * approved payout no batch holds is removed with it.
 */
export async function releasePayout(tx: Tx, withdrawalId: bigint): Promise<void> {
  const p = await tx
    .selectFrom('payouts')
    .select(['status', 'batch_id'])
    .where('withdrawal_id', '=', withdrawalId)
    .forUpdate()
    .executeTakeFirst();
  if (!p) return;
  if (p.status !== 'approved')
    throw conflict(
      p.status === 'paid'
        ? 'This withdrawal was paid on chain.'
        : p.status === 'sending'
          ? `This withdrawal is being paid on chain (batch #${p.batch_id}); it cannot be declined now.`
          : 'This payout failed: retry it first, then decline it if it must not be paid.',
    );
  await tx.deleteFrom('payouts').where('withdrawal_id', '=', withdrawalId).execute();
}
