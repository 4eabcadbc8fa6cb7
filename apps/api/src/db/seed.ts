import { defaultSettings } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import type { Deps } from '../deps';
import { judgePassword } from '../modules/auth/password-strength';
import { hashPassword } from '../modules/auth/passwords';
import { addToUplineTeams } from '../modules/members/members.repo';
import { ProofService, utcDay } from '../modules/proof/proof.service';
import { launchToken } from '../modules/token/launch';
import type { Tx } from '.';
import { HistoryClock } from './demo/backdate';
import { seedHistory, signedIn } from './demo/history';
import { addressesOf } from './demo/script';

export const demoCredentials = {
  admin: { email: 'admin@example.com', password: 'Harbor-Falcon-77' },
  member: { email: 'member@example.com', password: 'Lantern-Orbit-42' },
  /** A second admin: large payouts and economic settings need two (decision 0024). */
  admin2: { email: 'admin2@example.com', password: 'Copper-Willow-58' },
} as const;

/**
 * One staff member per role besides the owners (decision 0042), each signing in at /admin-login with
 * the second admin's password; the two demo admins are the owners.
 */
export const demoStaff = [
  { role: 'finance', email: 'finance@example.com', fullname: 'Finance Agent' },
  { role: 'support', email: 'support@example.com', fullname: 'Support Agent' },
  { role: 'content', email: 'content@example.com', fullname: 'Content Editor' },
  { role: 'compliance', email: 'compliance@example.com', fullname: 'Compliance Officer' },
] as const;

const demoPlans = [
  { name: 'Bronze', price: '100', roi: '0.5', description: 'Start small: 100 USD at 0.5% a day.' },
  { name: 'Silver', price: '1000', roi: '0.6', description: '1,000 USD at 0.6% a day.' },
  { name: 'Gold', price: '5000', roi: '0.7', description: '5,000 USD at 0.7% a day.' },
];

async function insertPlans(tx: Tx): Promise<void> {
  await tx
    .insertInto('plans')
    .values(
      demoPlans.map((p) => ({
        name: p.name,
        monthly_price: parseUnits(p.price),
        roi_day: parseUnits(p.roi),
        sponsor_bonus: parseUnits('5'),
        plan_period: 365,
        description: p.description,
        type: 'investment',
      })),
    )
    .execute();
}

/** How far back the demo's history reaches: days of it before today. */
export const DEMO_HISTORY_DAYS = 30;

/**
 * Fills a fresh database with demo data (default mode only): the plans and token of business-rules.md,
 * videos, an admin, the demo member, and a month of history made through the services (demo/history.ts,
 * moved back in time by demo/backdate.ts: decision 0022), ending with a video for today that the demo
 * member has not yet watched. Does nothing when any user exists.
 */
export async function seedDemo(deps: Deps): Promise<boolean> {
  const { db, auth } = deps;
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const memberHash = await hashPassword(demoCredentials.member.password);
  const adminHash = await hashPassword(demoCredentials.admin.password);
  const prefix = defaultSettings.usernamePrefix;
  const { businessTimezone } = await deps.settings.all();
  const clock = await HistoryClock.start(db, DEMO_HISTORY_DAYS, businessTimezone);
  // The launch is the first act of the first day.
  await clock.beginDay(0);
  const ids = await db.transaction().execute(async (tx) => {
    await insertPlans(tx);
    await launchToken(tx);
    await tx
      .insertInto('videos')
      .values({
        title: 'Welcome to SocialGenX',
        url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        description: 'Your daily video: watch for 10 seconds, then claim your ROI.',
      })
      .execute();
    const admin = await auth.insertMember(tx, {
      email: demoCredentials.admin.email,
      fullname: 'Platform Admin',
      phone: null,
      passwordHash: adminHash,
      sponsorId: null,
      prefix: 'ADM',
      role: 'admin',
    });
    const root = await auth.insertMember(tx, {
      email: 'root@example.com',
      fullname: 'SocialGenX Company',
      phone: null,
      passwordHash: await hashPassword(crypto.randomUUID()),
      sponsorId: null,
      prefix,
      role: 'user',
      refferalCode: defaultSettings.rootReferralCode,
    });
    const member = await auth.insertMember(tx, {
      email: demoCredentials.member.email,
      fullname: 'Demo Member',
      phone: '+919876543210',
      passwordHash: memberHash,
      sponsorId: root,
      prefix,
      role: 'user',
    });
    await addToUplineTeams(tx, member, 1);
    // The demo member has verified their identity to level 2 (no limits by default, decision 0073), so the demo's
    // history and the browser tests move money as before; a fresh registration starts at level 0.
    await tx.updateTable('users').set({ identity_level: 2 }).where('id', '=', member).execute();
    await signedIn(deps, tx, member, addressesOf('member').registers);
    return { admin, root, member };
  });
  await seedHistory(deps, clock, ids, memberHash);
  await clock.moveBack();
  // The second admin and the staff join today (added last, so the history's ids stay as they were).
  const staffHash = await hashPassword(demoCredentials.admin2.password);
  await db.transaction().execute(async (tx) => {
    await auth.insertMember(tx, {
      email: demoCredentials.admin2.email,
      fullname: 'Second Admin',
      phone: null,
      passwordHash: staffHash,
      sponsorId: null,
      prefix: 'ADM',
      role: 'admin',
    });
    for (const s of demoStaff) {
      const id = await auth.insertMember(tx, {
        email: s.email,
        fullname: s.fullname,
        phone: null,
        passwordHash: staffHash,
        sponsorId: null,
        prefix: 'ADM',
        role: 'admin',
      });
      await tx
        .updateTable('users')
        .set({ staff_roles: [s.role] })
        .where('id', '=', id)
        .execute();
    }
  });
  // Today's video, after the history: the demo member watches it and claims today.
  await db
    .insertInto('videos')
    .values({
      title: 'Your daily video',
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      description: "Watch for 10 seconds, then claim today's ROI.",
    })
    .execute();
  // Today's proof of liabilities, as the daily job would have published it: /proof and a member's proof work at once.
  // No reserve address is proven yet on a fresh install: no chain is read.
  await new ProofService(db).buildDay(utcDay(new Date()));
  return true;
}

/** Production: creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists. */
export async function ensureFirstAdmin(deps: Deps): Promise<boolean> {
  const first = deps.config.firstAdmin;
  if (!first) return false;
  const admin = await deps.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  if (admin) return false;
  const verdict = await judgePassword(first.password, { email: first.email, fullname: 'Administrator' });
  if (!verdict.ok) throw new Error(`Invalid environment:\n  ADMIN_PASSWORD: ${verdict.message}`);
  const hash = await hashPassword(first.password);
  await deps.db.transaction().execute((tx) =>
    deps.auth.insertMember(tx, {
      email: first.email.toLowerCase(),
      fullname: 'Administrator',
      phone: null,
      passwordHash: hash,
      sponsorId: null,
      prefix: 'ADM',
      role: 'admin',
    }),
  );
  return true;
}
