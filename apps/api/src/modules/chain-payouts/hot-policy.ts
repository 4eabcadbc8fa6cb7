import { platformToTokenUnitsFloor } from '@sgx/chain';
import type { Settings } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Tx } from '../../db';
import { riskFlagged } from '../risk/risk.service';

/** The most payouts one hot-wallet batch pays. */
const HOT_BATCH_MAX = 200;

/**
 * Which approved EVM payouts the hot wallet may pay now (decision 0034), oldest first: each at most the
 * policy's per payout, no flagged risk signal on its request, its member's and the platform's hot-wallet payouts of
 * the last 24 hours (batches not provably unpaid) within their limits, and all of them together within what the
 * wallet holds. The rest waits for the operator. Read under the wallet's lock, so two instances never both pick.
 */
export async function eligibleForHotWallet(
  tx: Tx,
  p: { chainId: number; decimals: number; policy: Settings['hotWalletPolicy']; balance: bigint },
): Promise<{ ids: bigint[]; raw: bigint; why: string }> {
  const perPayout = parseUnits(p.policy.perPayout);
  const perMember = parseUnits(p.policy.perMemberDay);
  const perDay = parseUnits(p.policy.perDay);
  const candidates = await tx
    .selectFrom('payouts as p')
    .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
    .select(['p.withdrawal_id', 'w.user_id', 'w.net'])
    .where('p.status', '=', 'approved')
    .where('p.network', '=', 'EVM')
    .where('w.status', '=', 'pending')
    .where('w.net', '<=', perPayout)
    .where((eb) => eb.not(riskFlagged('w.id')))
    .orderBy('p.withdrawal_id')
    .limit(HOT_BATCH_MAX * 5)
    .execute();
  if (candidates.length === 0)
    return { ids: [], raw: 0n, why: 'no approved payout within the hot wallet policy' };
  const { rows } = await sql<{ user_id: bigint | null; total: string }>`
    SELECT w.user_id, coalesce(sum(i.net), 0)::text AS total
    FROM payout_batch_items i
    JOIN payout_batches b ON b.id = i.batch_id
    JOIN withdrawals w ON w.id = i.withdrawal_id
    WHERE b.mode = 'hot' AND b.status <> 'expired' AND b.created_at > now() - interval '24 hours'
    GROUP BY ROLLUP (w.user_id)`.execute(tx);
  const byMember = new Map<string, bigint>();
  let day = 0n;
  for (const r of rows) {
    if (r.user_id === null) day = BigInt(r.total);
    else byMember.set(String(r.user_id), BigInt(r.total));
  }
  const ids: bigint[] = [];
  let raw = 0n;
  let why = 'the hot wallet policy or balance holds every approved payout for the operator';
  for (const c of candidates) {
    if (ids.length >= HOT_BATCH_MAX) break;
    const member = byMember.get(String(c.user_id)) ?? 0n;
    const cost = platformToTokenUnitsFloor(c.net, p.decimals);
    if (member + c.net > perMember || day + c.net > perDay) continue;
    if (raw + cost > p.balance) {
      why = 'the hot wallet holds too little: the rest waits for the operator';
      continue;
    }
    ids.push(c.withdrawal_id);
    raw += cost;
    day += c.net;
    byMember.set(String(c.user_id), member + c.net);
  }
  return { ids, raw, why };
}
