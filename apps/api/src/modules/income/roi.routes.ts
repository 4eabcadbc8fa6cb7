import {
  amountOut,
  EarningRoomResponse,
  IdIn,
  IncomeSkipsResponse,
  RoiCheckResponse,
  SelfTradeResponse,
  WatchStartResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { assertSelfOrAdmin, principalOf } from '../../http/access';
import { earningRoom } from './earning-room';

const UserIdParam = z.object({ userId: IdIn });

export function roiRoutes(app: App): void {
  const { roi } = app.deps;
  const tags = ['watch and earn'];

  app.get(
    '/tr/roi-check/:userId',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: UserIdParam, response: { 200: RoiCheckResponse } },
    },
    async (request) => {
      assertSelfOrAdmin(principalOf(request), request.params.userId);
      return { found: await roi.found(BigInt(request.params.userId)) };
    },
  );
  // Income that was due but not paid, with the reason (cap, blocked, closed, level locked).
  app.get(
    '/tr/skips/:userId',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['income'], params: UserIdParam, response: { 200: IncomeSkipsResponse } },
    },
    async (request) => {
      assertSelfOrAdmin(principalOf(request), request.params.userId);
      const rows = await app.deps.db
        .selectFrom('income_skips')
        .select(['id', 'income_type', 'amount', 'reason', 'details', 'created_at'])
        .where('user_id', '=', BigInt(request.params.userId))
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return {
        skips: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          amount: amountOut(r.amount),
          created_at: r.created_at.toISOString(),
        })),
      };
    },
  );
  // What the member can still earn under their cap and their next ROI credit (their dashboard; decision 0068).
  app.get(
    '/income/earning-room',
    { config: { access: 'member' }, schema: { tags, response: { 200: EarningRoomResponse } } },
    async (request) => {
      const { userId } = principalOf(request);
      const settings = await app.deps.settings.all();
      return earningRoom(
        app.deps.db,
        userId,
        settings.earningCapMultiplier,
        settings.features.roi,
        await roi.found(userId),
      );
    },
  );
  app.post(
    '/watch/start',
    { config: { access: 'member' }, schema: { tags, response: { 201: WatchStartResponse } } },
    async (request, reply) => reply.status(201).send(await roi.startWatch(principalOf(request))),
  );
  app.put(
    '/referral/self-trade/:userId',
    {
      config: { access: 'member' },
      schema: { tags, params: UserIdParam, response: { 200: SelfTradeResponse } },
    },
    async (request) => {
      const r = await roi.claim(principalOf(request), BigInt(request.params.userId));
      return {
        message:
          r.paid > 0n ? 'Reward claimed successfully!' : `No reward paid: ${r.reason ?? 'nothing due'}`,
        paid: amountOut(r.paid),
        due: amountOut(r.due),
        skipped_reason: r.reason,
      };
    },
  );
}
