import type { RewardNotice, SendRewardBody } from '@sgx/contracts';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { badRequest } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';

/** Reward notices staff send to chosen members (spec 7.1). */
export class MemberNotices {
  constructor(private readonly db: Db) {}

  async sendRewardNotice(principal: Principal, body: SendRewardBody): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const ids = [...new Set(body.user_ids)].map(BigInt);
      const found = await tx
        .selectFrom('users')
        .select('id')
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .where('role', '=', 'user')
        .execute();
      if (found.length !== ids.length)
        throw badRequest('Some of the chosen members do not exist.', {
          user_ids: ['Some of the chosen members do not exist.'],
        });
      await tx
        .insertInto('reward_notices')
        .values(ids.map((user_id) => ({ user_id, message: body.message, sent_by: principal.userId })))
        .execute();
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'member.reward_notice',
        entity: 'user',
        entityId: null,
        after: { user_ids: ids, message: body.message },
      });
      return ids.length;
    });
  }

  async rewardNotices(userId?: number): Promise<RewardNotice[]> {
    let q = this.db
      .selectFrom('reward_notices as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.user_id', 'u.username', 'r.message', 'r.sent_by', 'r.created_at', 'u.fullname'])
      .orderBy('r.id', 'desc')
      .limit(500);
    if (userId !== undefined) q = q.where('r.user_id', '=', BigInt(userId));
    const rows = await q.execute();
    return rows.map((r) => ({
      id: Number(r.id),
      user_id: Number(r.user_id),
      username: r.username,
      message: r.message,
      sent_by: Number(r.sent_by),
      created_at: r.created_at.toISOString(),
      fullname: r.fullname,
    }));
  }
}
