import {
  amountOut,
  CtoDisqualifyBody,
  CtoListResponse,
  CtoPayBody,
  CtoPayoutResponse,
  CtoQualifiedResponse,
  CtoSharesResponse,
  IdParam,
  MessageResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { DbOrTx } from '../../db';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { scopeOf } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';

type PayoutRow = {
  id: bigint;
  month: string;
  turnover: bigint;
  pool: bigint;
  members: number;
  share: bigint;
  status: 'paying' | 'paid';
  created_at: Date;
};
const toPayout = (p: PayoutRow) => ({
  id: Number(p.id),
  month: p.month,
  turnover: amountOut(p.turnover),
  pool: amountOut(p.pool),
  members: p.members,
  share: amountOut(p.share),
  status: p.status,
  created_at: p.created_at.toISOString(),
});

/**
 * CTO (business-rules 5): each month a pool of 1% of the month's top-ups is split equally among the
 * qualified members (own plan at least 50, directs' plans at least 5000; settings), paid once a month.
 */
export function ctoRoutes(app: App): void {
  const { db } = app.deps;
  const tags = ['cto'];

  const qualified = (tx: DbOrTx) => app.deps.cto.qualified(tx);

  app.get(
    '/cto',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, response: { 200: CtoQualifiedResponse } },
    },
    async () => ({
      qualified: (await qualified(db)).map((r) => ({
        user_id: Number(r.user_id),
        username: r.username,
        active_plan: amountOut(r.active_plan),
        directs_business: amountOut(r.directs_business),
        fullname: r.fullname,
      })),
    }),
  );
  app.get(
    '/cto/list',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, response: { 200: CtoListResponse } },
    },
    async () => ({
      payouts: (
        await db
          .selectFrom('cto_payouts')
          .select(['id', 'month', 'turnover', 'pool', 'members', 'share', 'status', 'created_at'])
          .orderBy('month', 'desc')
          .execute()
      ).map(toPayout),
    }),
  );
  const shares = (q: { payoutId?: bigint; userId?: bigint }) => {
    let s = db
      .selectFrom('cto_shares as s')
      .innerJoin('cto_payouts as p', 'p.id', 's.payout_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.payout_id', 'p.month', 's.user_id', 'u.username', 's.amount', 'u.fullname'])
      .orderBy('p.month', 'desc');
    if (q.payoutId !== undefined) s = s.where('s.payout_id', '=', q.payoutId);
    // A member sees a share once it is credited: a month still paying shows nothing yet (decision 0048).
    if (q.userId !== undefined) s = s.where('s.user_id', '=', q.userId).where('p.status', '=', 'paid');
    return s.execute().then((rows) =>
      rows.map((r) => ({
        ...r,
        payout_id: Number(r.payout_id),
        user_id: Number(r.user_id),
        amount: amountOut(r.amount),
      })),
    );
  };
  app.get(
    '/cto/byid/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: IdParam, response: { 200: CtoPayoutResponse } },
    },
    async (request) => {
      const p = await db
        .selectFrom('cto_payouts')
        .select(['id', 'month', 'turnover', 'pool', 'members', 'share', 'status', 'created_at'])
        .where('id', '=', BigInt(request.params.id))
        .executeTakeFirst();
      if (!p) throw notFound('CTO payout not found.');
      return { payout: toPayout(p), shares: await shares({ payoutId: p.id }) };
    },
  );
  app.get(
    '/cto/transaction/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: CtoSharesResponse } },
    },
    async (request) => ({
      shares: await shares({
        userId: scopeOf(principalOf(request), request.params.id) ?? BigInt(request.params.id),
      }),
    }),
  );
  app.post(
    '/cto/pay',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        body: CtoPayBody,
        response: {
          200: z.object({
            message: z.string(),
            payout: z.object({
              month: z.string(),
              pool: z.string(),
              members: z.number().int(),
              share: z.string(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const actor = principalOf(request).userId;
      const { month } = request.body;
      const result = await app.deps.cto.pay(month, actor);
      return {
        message: `CTO for ${month} paid to ${result.members} member${result.members === 1 ? '' : 's'}`,
        payout: result,
      };
    },
  );
  app.put(
    '/cto/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: IdParam, body: CtoDisqualifyBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const actor = principalOf(request).userId;
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('cto_disqualified')
          .values({ user_id: BigInt(request.params.id), reason: request.body.reason, by_admin: actor })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await writeAudit(tx, {
          actorId: actor,
          action: 'cto.disqualify',
          entity: 'user',
          entityId: BigInt(request.params.id),
          reason: request.body.reason,
        });
      });
      return { message: 'Member removed from the CTO pool' };
    },
  );
}
