import { randomBytes } from 'node:crypto';
import { defaultSettings } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { getAddress } from 'viem';
import type { Deps } from '../../deps';
import type { Principal } from '../../http/principal';
import { RoiService, WATCH_SECONDS } from '../../modules/income/roi.service';
import { addToUplineTeams } from '../../modules/members/members.repo';
import { changePayoutAddress } from '../../modules/payouts/payout-address';
import type { Tx } from '..';
import type { HistoryClock } from './backdate';
import { addressesOf, joiners, signInEvery, trades, videos, withdrawals } from './script';

/** A member with a plan skips a claim now and then, as people do (the demo member never does). */
const skipsClaim = (index: number, day: number) => index > 0 && (index + day) % 6 === 0;

const hash = () => randomBytes(32).toString('hex');
const asMember = (userId: bigint): Principal => ({ userId, role: 'user', sessionId: 0n, secondFactor: 'ok' });

/**
 * A month of the platform's life made through the services the routes call (decision 0022): members
 * joining under the demo member and each other, deposits approved by the demo admin, plans bought
 * (direct income), daily watch and claim (ROI and level income), token trades, a withdrawal paid and
 * one declined, a ticket answered. Today is left alone: the demo member can still watch and claim.
 */
export async function seedHistory(
  deps: Deps,
  clock: HistoryClock,
  ids: { admin: bigint; root: bigint; member: bigint },
  passwordHash: string,
): Promise<void> {
  const plans = new Map(
    (await deps.db.selectFrom('plans').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
  );
  const month = new DemoMonth(deps, clock, ids, passwordHash, plans);
  // The month is before a second admin was asked for large deposit credits (decision 0024) or past one admin's
  // solo limit (decision 0030): the demo admin credited every deposit alone then. The threshold and the solo
  // limit are lifted for the month and put back after it.
  const { approvalThreshold, soloDailyLimit } = await deps.settings.all();
  const history = 'demo history: one admin credited the deposits of the month';
  await deps.settings.change(
    ids.admin,
    { approvalThreshold: '1000000000', soloDailyLimit: '1000000000' },
    history,
  );
  try {
    for (let day = 0; day < clock.days; day++) await month.play(day);
  } finally {
    await deps.settings.change(ids.admin, { approvalThreshold, soloDailyLimit }, history);
  }
}

class DemoMonth {
  private readonly admin: Principal;
  private readonly people: Map<string, bigint>;
  /** Members holding a plan, in the order they bought it: they watch and claim every evening. */
  private readonly claimers: string[] = [];
  private now: Date;
  private readonly roi: RoiService;

  constructor(
    private readonly deps: Deps,
    private readonly clock: HistoryClock,
    ids: { admin: bigint; root: bigint; member: bigint },
    private readonly passwordHash: string,
    private readonly plans: Map<string, bigint>,
  ) {
    this.admin = { userId: ids.admin, role: 'admin', sessionId: 0n, secondFactor: 'ok' };
    this.people = new Map([
      ['root', ids.root],
      ['member', ids.member],
    ]);
    this.now = clock.at(0, 0);
    // The ROI service on the simulated day's clock: the business date of each watch and claim.
    this.roi = new RoiService(deps.db, deps.settings, () => this.now);
  }

  private id(key: string): bigint {
    const found = this.people.get(key);
    if (found === undefined) throw new Error(`No demo member ${key}`);
    return found;
  }

  async play(day: number): Promise<void> {
    await this.clock.beginDay(day);
    for (const j of joiners.filter((x) => x.day === day)) await this.joinAndBuy(j);
    for (const v of videos.filter((x) => x.day === day))
      await this.deps.db
        .insertInto('videos')
        .values({ title: v.title, url: v.url, description: 'Watch for 10 seconds, then claim your ROI.' })
        .execute();
    for (const [n, t] of trades.entries()) {
      if (t.day !== day) continue;
      const userId = this.id(t.who);
      await this.deps.token.trade(
        asMember(userId),
        t.side,
        { token_id: 1, amount: parseUnits(t.tokens), user_id: Number(userId) },
        `demo-trade-${n}`,
      );
    }
    for (const [n, w] of withdrawals.entries()) if (w.day === day) await this.withdraw(n, w);
    await supportDay(this.deps, day, this.admin, (key) => this.id(key));
    await this.claimAll(day);
  }

  private async joinAndBuy(j: (typeof joiners)[number]): Promise<void> {
    if (!this.people.has(j.key))
      this.people.set(j.key, await join(this.deps, j, this.id(j.sponsor), this.passwordHash));
    const userId = this.id(j.key);
    if (j.deposit) {
      const d = await this.deps.deposits.request(userId, {
        amount: parseUnits(j.deposit),
        currency: 'TRC20',
        hash: hash(),
      });
      await this.deps.deposits.decide(this.admin, d.id, {
        status: 'complete',
        user_id: d.user_id,
        note: 'Seen on TronScan.',
      });
    }
    const planId = j.plan && this.plans.get(j.plan);
    if (!planId) return;
    await this.deps.topups.topup(asMember(userId), {
      payer: userId,
      receiver: userId,
      planId,
      amount: undefined,
      kind: 'topup',
      requestKey: `demo-plan-${j.key}`,
    });
    this.claimers.push(j.key);
  }

  private async withdraw(n: number, w: (typeof withdrawals)[number]): Promise<void> {
    const userId = this.id(w.who);
    const me = asMember(userId);
    // The payout address through the one function that changes it (a notice, an audit record), with no
    // hold: its change row is written in this run, so the back-dating moves requested_at and hold_until
    // to this simulated day together, and the withdrawal right after is not refused.
    await this.deps.db.transaction().execute((tx) =>
      changePayoutAddress(tx, {
        userId,
        currency: 'BEP20',
        address: getAddress(`0x${randomBytes(20).toString('hex')}`),
        actorId: userId,
        holdHours: '0',
      }),
    );
    const r = await this.deps.withdrawals.request(
      me,
      userId,
      'working',
      { amount: parseUnits(w.amount), currency: 'BEP20' },
      { key: `demo-withdrawal-${n}`, fingerprint: null },
    );
    await this.deps.withdrawals.decide(this.admin, r.id, {
      status: w.decision,
      user_id: r.user_id,
      note: w.note,
    });
  }

  /** Evening: everyone with a plan watches the day's video for its 10 seconds and claims. */
  private async claimAll(day: number): Promise<void> {
    for (const [index, key] of this.claimers.entries()) {
      if (skipsClaim(index, day)) continue;
      const me = asMember(this.id(key));
      const joined = joiners.find((j) => j.key === key)?.day ?? 0;
      if ((day - joined) % signInEvery === signInEvery - 1)
        await this.deps.db
          .transaction()
          .execute((tx) => signedIn(this.deps, tx, me.userId, addressesOf(key).signsIn));
      this.now = this.clock.at(day, 10);
      await this.roi.startWatch(me);
      this.now = this.clock.at(day, 10 + (WATCH_SECONDS + 5) / 3600);
      await this.roi.claim(me, me.userId);
    }
  }
}

/**
 * A sign-in from `ip`, and its sign-out: the session (its token known to no one) records the IP for the risk
 * signals as a real one does (access_ips, decision 0026); in the registration's transaction, as the registration's.
 */
export async function signedIn(deps: Deps, tx: Tx, userId: bigint, ip: string): Promise<void> {
  await deps.sessions.create(tx, userId, 'user', { ip, userAgent: 'SocialGenX demo' });
  await deps.sessions.revokeAllFor(tx, userId);
}

/** Registration as AuthService.register does it, without a password hash per member (one is shared). */
async function join(
  deps: Deps,
  j: { key: string; email: string; fullname: string },
  sponsorId: bigint,
  passwordHash: string,
) {
  return deps.db.transaction().execute(async (tx) => {
    const id = await deps.auth.insertMember(tx, {
      email: j.email,
      fullname: j.fullname,
      phone: '+919876543210',
      passwordHash,
      sponsorId,
      prefix: defaultSettings.usernamePrefix,
      role: 'user',
    });
    await addToUplineTeams(tx, id, 1);
    // The history's members verified their identity (level 2: no limits by default, decision 0073).
    await tx.updateTable('users').set({ identity_level: 2 }).where('id', '=', id).execute();
    await signedIn(deps, tx, id, addressesOf(j.key).registers);
    return id;
  });
}

/** A question answered and resolved, and one still waiting in the admin's queue. */
async function supportDay(deps: Deps, day: number, admin: Principal, id: (key: string) => bigint) {
  if (day === 10) {
    await deps.tickets.create(asMember(id('member')), {
      subject: 'When is my daily ROI credited?',
      category: 'Income',
      message: 'I watched the video this morning. When does the ROI reach my wallet?',
    });
  }
  if (day === 11) {
    const t = await deps.db
      .selectFrom('tickets')
      .select('id')
      .where('user_id', '=', id('member'))
      .executeTakeFirstOrThrow();
    await deps.tickets.respond(
      admin,
      t.id,
      'Right after you claim: the ROI goes to your non-working wallet and your uplines get their level income.',
    );
    await deps.tickets.setStatus(t.id, 'resolved');
  }
  if (day === 28) {
    await deps.tickets.create(asMember(id('ben')), {
      subject: 'Upgrade from Bronze to Silver',
      category: 'Plans',
      message: 'Can I move my Bronze plan to Silver, and does my daily rate change?',
    });
  }
}
