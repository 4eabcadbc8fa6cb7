import { amountOut } from '@sgx/contracts';
import { mulDiv, parseUnits, UNIT } from '@sgx/money';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db';
import type { Principal } from '../../http/access';
import { businessRule, conflict, forbidden, notFound } from '../../http/errors';
import type { SettingsService } from '../settings/settings.service';
import { liveVideos } from '../videos/videos.repo';
import { creditIncome, type IncomeResult, recordSkip } from './income.service';

export const WATCH_SECONDS = 10;

/** The business date (YYYY-MM-DD) of `at` in the platform's time zone. */
export function businessDate(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * Watch and earn (business-rules 5): a watch session timed by the server, then one ROI claim a business
 * day, crediting active_plan x plan ROI_day % to the non-working wallet and level income up ten levels.
 */
export class RoiService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async today(): Promise<string> {
    return businessDate((await this.settings.all()).businessTimezone, this.now());
  }

  async found(userId: bigint): Promise<boolean> {
    const day = await this.today();
    const row = await this.db
      .selectFrom('roi_claims')
      .select('id')
      .where('user_id', '=', userId)
      .where('business_date', '=', day)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async eligible(db: Db | Tx, userId: bigint) {
    const u = await db
      .selectFrom('users')
      .select(['status', 'active_plan', 'deleted_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!u || u.deleted_at) throw notFound('Member not found.');
    if (u.status === 'block') throw forbidden('Access Denied');
    if (u.active_plan <= 0n) throw businessRule('Please buy a plan first');
    return u;
  }

  async startWatch(principal: Principal) {
    await this.settings.requireFeature('roi');
    await this.eligible(this.db, principal.userId);
    const day = await this.today();
    // The latest live video: never a draft nor one scheduled for later (decision 0037).
    const video = await liveVideos(this.db).executeTakeFirst();
    const started = this.now();
    const s = await this.db
      .insertInto('watch_sessions')
      .values({
        user_id: principal.userId,
        video_id: video?.id ?? null,
        business_date: day,
        started_at: started,
      })
      .returning(['id', 'started_at'])
      .executeTakeFirstOrThrow();
    return {
      session_id: Number(s.id),
      started_at: s.started_at.toISOString(),
      claimable_at: new Date(s.started_at.getTime() + WATCH_SECONDS * 1000).toISOString(),
      min_seconds: WATCH_SECONDS,
      video: video ? { id: Number(video.id), title: video.title, url: video.url } : null,
    };
  }

  /** Claims today's ROI. However many claims arrive at once, one pays. */
  async claim(
    principal: Principal,
    userId: bigint,
  ): Promise<{ due: bigint; paid: bigint; reason: string | null }> {
    if (principal.userId !== userId) throw forbidden('You can only claim your own reward.');
    await this.settings.requireFeature('roi');
    const day = await this.today();
    const now = this.now();
    return this.db.transaction().execute(async (tx) => {
      // One claim at a time per member: later ones wait here, then find today's claim.
      await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      const user = await this.eligible(tx, userId);
      const done = await tx
        .selectFrom('roi_claims')
        .select('id')
        .where('user_id', '=', userId)
        .where('business_date', '=', day)
        .executeTakeFirst();
      if (done) throw conflict("You have already claimed today's reward");
      const session = await tx
        .selectFrom('watch_sessions')
        .select(['id', 'started_at'])
        .where('user_id', '=', userId)
        .where('business_date', '=', day)
        .where('started_at', '<=', new Date(now.getTime() - WATCH_SECONDS * 1000))
        .orderBy('started_at', 'desc')
        .executeTakeFirst();
      if (!session) throw businessRule(`Watch today's video for ${WATCH_SECONDS} seconds first.`);
      const plan = await tx
        .selectFrom('users as u')
        .innerJoin('plans as p', 'p.id', 'u.plan_id')
        .select(['p.roi_day'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      if (!plan) throw businessRule('Please buy a plan first');
      const due = mulDiv(user.active_plan, plan.roi_day, 100n * UNIT);
      const claim = await tx
        .insertInto('roi_claims')
        .values({ user_id: userId, business_date: day, watch_session_id: session.id, due, paid: 0n })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roi = await creditIncome(tx, this.settings, {
        userId,
        type: 'roi_income',
        amount: due,
        causeKey: `roi:${userId}:${day}`,
        wallet: 'non_working',
        feature: 'roi',
        statusGate: 'roi',
        why: {
          rule: 'daily ROI',
          rate_percent: amountOut(plan.roi_day),
          base: user.active_plan,
          business_date: day,
          claim_id: claim.id,
        },
      });
      await tx.updateTable('roi_claims').set({ paid: roi.paid }).where('id', '=', claim.id).execute();
      if (roi.paid > 0n) await this.payLevels(tx, userId, claim.id, roi.paid, day);
      return { due, paid: roi.paid, reason: roi.reason };
    });
  }

  /** Level income: each upline at level L (1..10) earns the ROI paid x level L %, if level L is unlocked. */
  private async payLevels(
    tx: Tx,
    memberId: bigint,
    claimId: bigint,
    roiPaid: bigint,
    day: string,
  ): Promise<IncomeResult[]> {
    const s = await this.settings.all(tx);
    const { rows } = await sql<{ id: bigint; level: number; active_directs: number }>`
      WITH RECURSIVE up(id, level) AS (
        SELECT sponsor_id, 1 FROM users WHERE id = ${memberId} AND sponsor_id IS NOT NULL
        UNION ALL
        SELECT u.sponsor_id, up.level + 1 FROM users u JOIN up ON u.id = up.id
        WHERE u.sponsor_id IS NOT NULL AND up.level < 10
      )
      SELECT up.id, up.level, u.active_directs FROM up JOIN users u ON u.id = up.id ORDER BY up.level`.execute(
      tx,
    );
    const results: IncomeResult[] = [];
    for (const r of rows) {
      const percent = s.levelPercents[r.level - 1];
      const needed = s.levelUnlockDirects[r.level - 1];
      if (percent === undefined || needed === undefined) continue;
      const amount = mulDiv(roiPaid, parseUnits(percent), 100n * UNIT);
      const causeKey = `level:${claimId}:${r.level}`;
      const why = {
        rule: 'level income',
        level: r.level,
        rate_percent: percent,
        source_member: memberId,
        base: roiPaid,
        business_date: day,
        claim_id: claimId,
      };
      if (r.active_directs < needed) {
        // The owner lacked the directs: said from their side (the member who claimed did nothing wrong).
        await recordSkip(
          tx,
          { userId: r.id, type: 'level_month', amount, causeKey, wallet: 'working', feature: 'level', why },
          amount,
          `At level ${r.level} you need ${needed} active directs and you had ${r.active_directs}, so this level income was not paid.`,
        );
        continue;
      }
      results.push(
        await creditIncome(
          tx,
          this.settings,
          {
            userId: r.id,
            type: 'level_month',
            amount,
            causeKey,
            wallet: 'working',
            feature: 'level',
            statusGate: 'level',
            why,
          },
          s,
        ),
      );
    }
    return results;
  }
}
