import {
  ClearFlagBody,
  IdParam,
  type MemberFlagRecord,
  MemberFlagResponse,
  MemberFlagsQuery,
  MemberFlagsResponse,
  RaiseFlagBody,
} from '@sgx/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { badRequest, conflict, notFound } from '../../http/errors';
import { dateHoldsAfterFlagsCleared } from '../income-holds/income-holds.service';
import { clearFlag, isFlagged, raiseFlag } from './flags';

type FlagRow = {
  id: bigint;
  member_id: bigint;
  username: string;
  source: MemberFlagRecord['source'];
  reason: string;
  created_at: Date;
  created_by: string | null;
  cleared_at: Date | null;
  cleared_by: string | null;
  clear_reason: string | null;
};

const toRecord = (r: FlagRow): MemberFlagRecord => ({
  id: Number(r.id),
  member_id: Number(r.member_id),
  username: r.username,
  source: r.source,
  reason: r.reason,
  created_at: r.created_at.toISOString(),
  created_by: r.created_by,
  cleared_at: r.cleared_at ? r.cleared_at.toISOString() : null,
  cleared_by: r.cleared_by,
  clear_reason: r.clear_reason,
});

const flagRows = (db: DbOrTx, where: ReturnType<typeof sql>, limit: number) =>
  sql<FlagRow>`
    SELECT f.id, f.member_id, u.username, f.source, f.reason, f.created_at, c.username AS created_by, f.cleared_at,
           k.username AS cleared_by, f.clear_reason
    FROM member_flags f JOIN users u ON u.id = f.member_id
    LEFT JOIN users c ON c.id = f.created_by LEFT JOIN users k ON k.id = f.cleared_by
    WHERE ${where}
    ORDER BY f.id DESC LIMIT ${limit}`.execute(db);

async function flagRecord(db: DbOrTx, id: bigint): Promise<MemberFlagRecord> {
  const row = (await flagRows(db, sql`f.id = ${id}`, 1)).rows[0];
  if (!row) throw notFound('Flag not found.');
  return toRecord(row);
}

/**
 * The compliance screens of member flags (the library is flags.ts): list them, raise one on a member by hand, clear
 * one with a reason. Clearing a member's last open flag dates their income held for review (decision 0076): its
 * income type's hold days from when it was earned, so the daily job pays it.
 */
export function flagsRoutes(app: App): void {
  const { db, settings } = app.deps;
  const tags = ['compliance'];

  app.get(
    '/admin/compliance/flags',
    {
      config: { access: 'admin', permission: 'compliance' },
      schema: { tags, querystring: MemberFlagsQuery, response: { 200: MemberFlagsResponse } },
    },
    async (request) => {
      const q = request.query;
      const where = sql`${q.status === 'open' ? sql`f.cleared_at IS NULL` : sql`true`}
        AND f.id < ${q.before ?? Number.MAX_SAFE_INTEGER}`;
      const [rows, open] = await Promise.all([
        flagRows(db, where, q.limit),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM member_flags WHERE cleared_at IS NULL`.execute(db),
      ]);
      return { flags: rows.rows.map(toRecord), open_count: open.rows[0]?.n ?? 0 };
    },
  );
  app.post(
    '/admin/compliance/flags',
    {
      config: { access: 'admin', permission: 'compliance' },
      schema: { tags, body: RaiseFlagBody, response: { 200: MemberFlagResponse } },
    },
    async (request) => {
      const actor = principalOf(request).userId;
      const { member, reason } = request.body;
      const id = await db.transaction().execute(async (tx) => {
        const byId = /^\d{1,15}$/.test(member) ? BigInt(member) : null;
        const target = await tx
          .selectFrom('users')
          .select(['id', 'role'])
          .where((eb) => (byId === null ? eb('username', '=', member) : eb('id', '=', byId)))
          .executeTakeFirst();
        if (!target) throw notFound('Member not found.');
        if (target.role !== 'user') throw badRequest('Only members can be flagged.');
        return raiseFlag(tx, { memberId: target.id, source: 'compliance', reason, actorId: actor });
      });
      return {
        message: 'Member flagged: their income is held until compliance decides.',
        flag: await flagRecord(db, id),
      };
    },
  );
  app.post(
    '/admin/compliance/flags/:id/clear',
    {
      config: { access: 'admin', permission: 'compliance' },
      schema: { tags, params: IdParam, body: ClearFlagBody, response: { 200: MemberFlagResponse } },
    },
    async (request) => {
      const actor = principalOf(request).userId;
      const flagId = BigInt(request.params.id);
      await db.transaction().execute(async (tx) => {
        const flag = await tx
          .selectFrom('member_flags')
          .select(['id', 'member_id'])
          .where('id', '=', flagId)
          .executeTakeFirst();
        if (!flag) throw notFound('Flag not found.');
        // The member's row first: a concurrent raise or clear for the same member waits, so "the last flag" is sure.
        await tx.selectFrom('users').select('id').where('id', '=', flag.member_id).forUpdate().execute();
        if (!(await clearFlag(tx, { flagId, actorId: actor, reason: request.body.reason })))
          throw conflict('This flag was already cleared.');
        if (!(await isFlagged(tx, flag.member_id))) {
          const s = await settings.all(tx);
          await dateHoldsAfterFlagsCleared(tx, flag.member_id, s.incomeHoldDays);
        }
      });
      return { message: 'Flag cleared.', flag: await flagRecord(db, flagId) };
    },
  );
}
