import { parseUnits } from '@sgx/money';
import type { Db, Tx } from '../../db';
import type { Principal } from '../../http/access';
import { businessRule, forbidden, notFound } from '../../http/errors';
import { refusal } from '../../http/sql-errors';
import type { SettingsService } from '../settings/settings.service';
import { liveVideos } from '../videos/videos.repo';
import { submitClaim } from './roi.claims';

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

  /**
   * Claims today's ROI. However many claims arrive at once, one pays. roi_claim (db/functions/roi_claim.sql) checks the
   * claim, locks the member and the uplines in id order, and pays the ROI and the level income under the earning
   * cap (decision 0045); the claims arriving together run in one statement and one commit (decision 0047), so an
   * upline's row is held for that batch only.
   */
  async claim(
    principal: Principal,
    userId: bigint,
  ): Promise<{ due: bigint; paid: bigint; reason: string | null }> {
    if (principal.userId !== userId) throw forbidden('You can only claim your own reward.');
    await this.settings.requireFeature('roi');
    const s = await this.settings.all();
    const day = businessDate(s.businessTimezone, this.now());
    // Group commit (decision 0047): the claims arriving together in one statement and one commit.
    const outcome = await submitClaim(this.db, {
      user: userId,
      day,
      now: this.now(),
      rules: {
        watchSeconds: WATCH_SECONDS,
        roiOn: s.features.roi,
        levelOn: s.features.level,
        capMultiplier: parseUnits(s.earningCapMultiplier),
        levelPercents: s.levelPercents,
        levelRates: s.levelPercents.map((p) => parseUnits(p)),
        levelUnlock: s.levelUnlockDirects,
      },
    });
    if ('error' in outcome)
      return claimRefusal(Object.assign(new Error(outcome.error.message), outcome.error));
    const row = outcome;
    return { due: row.due, paid: row.paid, reason: row.reason };
  }
}

/** The API's answer for a refusal raised by roi_claim (db/functions/roi_claim.sql); anything else passes unchanged. */
const claimRefusal = (err: unknown): never =>
  refusal(err, { SX505: () => `Watch today's video for ${WATCH_SECONDS} seconds first.` });
