import type { EarningRoomResponse } from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * What a member can still earn under their cap and their next ROI credit (decision 0068), from the one
 * cap rule: income_decide.sql (income_decision) asked about an unbounded amount gives the room, and asked about the
 * ROI the next claim would pay (their plan's daily rate x their plan, as roi_claim.sql computes it) gives what it
 * would pay of it. Nothing is written.
 */
export async function earningRoom(
  db: Db,
  userId: bigint,
  capMultiplier: string,
  roiOn: boolean,
  claimedToday: boolean,
): Promise<EarningRoomResponse> {
  const { rows } = await sql<{
    cap: bigint | null;
    earned: bigint | null;
    room: bigint;
    reason: string | null;
    roi_day: bigint | null;
    due: bigint | null;
    pays: bigint | null;
  }>`
    SELECT room.cap, room.earned, room.pay AS room, room.reason, p.roi_day, r.due, roi.pay AS pays
    FROM users u
    LEFT JOIN plans p ON p.id = u.plan_id
    CROSS JOIN LATERAL (SELECT sgx_mul_div(u.active_plan, p.roi_day, 10000000000) AS due OFFSET 0) r
    CROSS JOIN LATERAL income_decide(u.id, 9000000000000000000, 'roi', true, NULL, ${parseUnits(capMultiplier)}, NULL) room
    CROSS JOIN LATERAL income_decide(u.id, coalesce(r.due, 0), 'roi', ${roiOn}, 'roi', ${parseUnits(capMultiplier)}, NULL) roi
    WHERE u.id = ${userId}`.execute(db);
  const r = rows[0];
  if (!r) throw new Error(`member ${userId} not found`);
  return {
    cap: formatUnits(r.cap ?? 0n),
    earned: formatUnits(r.earned ?? 0n),
    can_still_earn: formatUnits(r.room),
    reason: r.room > 0n ? null : r.reason,
    next_roi:
      r.roi_day !== null && r.pays !== null && r.pays > 0n
        ? {
            amount: formatUnits(r.pays),
            rate_percent: formatUnits(r.roi_day),
            claimable: claimedToday ? 'tomorrow' : 'today',
          }
        : null,
  };
}
