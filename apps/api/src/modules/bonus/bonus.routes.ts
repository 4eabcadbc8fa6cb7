import {
  amountOut,
  BonusBody,
  BonusClaimBody,
  BonusClaimResponse,
  BonusListResponse,
  BonusRecord,
  BonusUpdateBody,
  IdParam,
  MessageResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { conflict, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { creditIncome } from '../income/income.service';
import { businessDate } from '../income/roi.service';

type Row = { id: bigint; bonus_type: string; amount: bigint; active: boolean; created_at: Date };
const toRecord = (r: Row, claimedToday?: boolean) => ({
  id: Number(r.id),
  bonus_type: r.bonus_type,
  amount: amountOut(r.amount),
  active: r.active,
  ...(claimedToday === undefined ? {} : { claimed_today: claimedToday }),
  created_at: r.created_at.toISOString(),
});
const cols = ['id', 'bonus_type', 'amount', 'active', 'created_at'] as const;

/** Fixed bonuses by type (spec 7.3): admins define them; a member claims each type once a business day. */
export function bonusRoutes(app: App): void {
  const { db, settings } = app.deps;
  const tags = ['bonus'];
  const Saved = z.object({ message: z.string(), bonus: BonusRecord });

  app.get(
    '/bonus',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: BonusListResponse } } },
    async (request) => {
      const p = principalOf(request);
      let q = db.selectFrom('bonuses').select(cols).where('deleted_at', 'is', null);
      if (p.role !== 'admin') q = q.where('active', '=', true);
      const rows = await q.orderBy('bonus_type').execute();
      if (p.role === 'admin') return { bonus: rows.map((r) => toRecord(r)) };
      const day = businessDate((await settings.all()).businessTimezone);
      const claimed = new Set(
        (
          await db
            .selectFrom('bonus_claims')
            .select('bonus_type')
            .where('user_id', '=', p.userId)
            .where('business_date', '=', day)
            .execute()
        ).map((c) => c.bonus_type),
      );
      return { bonus: rows.map((r) => toRecord(r, claimed.has(r.bonus_type))) };
    },
  );
  app.post(
    '/bonus',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, body: BonusBody, response: { 201: Saved } },
    },
    async (request, reply) => {
      const actor = principalOf(request).userId;
      const row = await db.transaction().execute(async (tx) => {
        const r = await tx
          .insertInto('bonuses')
          .values({ ...request.body, created_by: actor })
          .onConflict((oc) => oc.doNothing())
          .returning(cols)
          .executeTakeFirst();
        if (!r) throw conflict('A bonus of this type already exists.');
        await writeAudit(tx, {
          actorId: actor,
          action: 'bonus.create',
          entity: 'bonus',
          entityId: r.id,
          after: toRecord(r),
        });
        return r;
      });
      return reply.status(201).send({ message: 'Bonus created', bonus: toRecord(row) });
    },
  );
  app.put(
    '/bonus/:id',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, params: IdParam, body: BonusUpdateBody, response: { 200: Saved } },
    },
    async (request) => {
      const actor = principalOf(request).userId;
      const row = await db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('bonuses')
          .select(cols)
          .where('id', '=', BigInt(request.params.id))
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound('Bonus not found.');
        const r = await tx
          .updateTable('bonuses')
          .set({ ...request.body, updated_at: new Date() })
          .where('id', '=', before.id)
          .returning(cols)
          .executeTakeFirstOrThrow();
        await writeAudit(tx, {
          actorId: actor,
          action: 'bonus.update',
          entity: 'bonus',
          entityId: r.id,
          before: toRecord(before),
          after: toRecord(r),
        });
        return r;
      });
      return { message: 'Bonus Updated Successfully!', bonus: toRecord(row) };
    },
  );
  app.delete(
    '/bonus/:id',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      const r = await db
        .updateTable('bonuses')
        .set({ deleted_at: new Date() })
        .where('id', '=', BigInt(request.params.id))
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!r) throw notFound('Bonus not found.');
      return { message: 'Bonus deleted' };
    },
  );
  app.post(
    '/bonus/claim',
    {
      config: { access: 'member' },
      schema: { tags, body: BonusClaimBody, response: { 200: BonusClaimResponse } },
    },
    async (request) => {
      const p = principalOf(request);
      if (BigInt(request.body.user_id) !== p.userId) throw forbidden('You can only claim your own bonus.');
      await settings.requireFeature('reward');
      const day = businessDate((await settings.all()).businessTimezone);
      const result = await db.transaction().execute(async (tx) => {
        const bonus = await tx
          .selectFrom('bonuses')
          .select(['id', 'bonus_type', 'amount'])
          .where('bonus_type', '=', request.body.bonus_type)
          .where('active', '=', true)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!bonus) throw notFound('No such bonus.');
        const claim = await tx
          .insertInto('bonus_claims')
          .values({
            bonus_id: bonus.id,
            bonus_type: bonus.bonus_type,
            user_id: p.userId,
            business_date: day,
            paid: 0n,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!claim) throw conflict('You have already claimed this bonus today.');
        const paid = await creditIncome(tx, settings, {
          userId: p.userId,
          type: 'reward',
          amount: bonus.amount,
          causeKey: `bonus:${p.userId}:${bonus.bonus_type}:${day}`,
          wallet: 'working',
          feature: 'reward',
          why: { rule: 'daily bonus', bonus_type: bonus.bonus_type, business_date: day },
        });
        await tx.updateTable('bonus_claims').set({ paid: paid.paid }).where('id', '=', claim.id).execute();
        return paid;
      });
      return {
        message: result.paid > 0n ? 'Bonus has been claimed' : `No bonus paid: ${result.reason}`,
        paid: amountOut(result.paid),
        skipped_reason: result.reason,
      };
    },
  );
}
