/**
 * The fixture of `npm run bench`: many members set up fast through the app's own services (members
 * inserted like the registration does, money posted through the ledger, a plan through the real top-up,
 * sessions through the session store), so every balance, counter and income is what the app would hold.
 */
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Deps } from '../src/app';
import type { Principal } from '../src/http/access';
import { hashPassword } from '../src/modules/auth/passwords';
import { post } from '../src/modules/ledger/ledger.service';
import { addToUplineTeams } from '../src/modules/members/members.repo';
import { launchToken } from '../src/modules/token/launch';

export type Member = { id: bigint; token: string };
export type Fixture = { members: Member[]; tokenId: number; planId: bigint };

/** A small deterministic generator (mulberry32), so two runs build the same referral tree. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `task` for 0..count-1, `concurrency` at a time. */
export async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function platformRows(deps: Deps): Promise<{ planId: bigint; tokenId: number }> {
  const plan = await deps.db
    .insertInto('plans')
    .values({
      name: 'Bronze',
      monthly_price: parseUnits('100'),
      roi_day: parseUnits('0.5'),
      sponsor_bonus: parseUnits('5'),
      plan_period: 365,
      description: 'Bench plan',
      type: 'investment',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokenId = await launchToken(deps.db);
  await deps.db
    .insertInto('videos')
    .values({ title: 'Bench video', url: 'https://example.com/v', description: 'bench' })
    .execute();
  return { planId: plan.id, tokenId: Number(tokenId) };
}

/**
 * The sponsor of member i of `count` (decision 0048's shape, "2,000 members of whom 1,000 under one leader"): member 0
 * is the leader; the first half of the rest are in the leader's team within ten levels (its first 20 directly, so
 * every level is unlocked for it, then each under a random earlier member of the team, moved up when that one is
 * at level 10); the other half in teams of 10 members with no upline in common with the leader.
 */
export function sponsorIndex(i: number, count: number, random: () => number, depth: number[]): number | null {
  const team = Math.floor(count / 2);
  if (i === 0) return null;
  if (i <= team) {
    let s = i <= 20 ? 0 : Math.floor(random() * i);
    while ((depth[s] ?? 0) >= 10) s = Math.floor(random() * 20) + 1;
    depth[i] = (depth[s] ?? 0) + 1;
    return s;
  }
  const first = team + 1 + Math.floor((i - team - 1) / 10) * 10;
  if (i === first) return null;
  return first + Math.floor(random() * (i - first));
}

/**
 * `count` members in the referral tree of `sponsorIndex`, each with a
 * deposit wallet of 1,000,000 and a working wallet of 100,000 posted through the ledger, a payout
 * address, the Bronze plan bought through the real top-up (sponsors earn their direct income), and a
 * session.
 */
export async function setupMembers(deps: Deps, count: number, log: (m: string) => void): Promise<Fixture> {
  const { planId, tokenId } = await platformRows(deps);
  const passwordHash = await hashPassword('Bench12345!');
  const random = prng(20261122);
  const ids: bigint[] = [];
  const depth: number[] = [0];
  const t0 = performance.now();
  for (let start = 0; start < count; start += 500) {
    await deps.db.transaction().execute(async (tx) => {
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const s = sponsorIndex(i, count, random, depth);
        const sponsor = s === null ? null : (ids[s] ?? null);
        const id = await deps.auth.insertMember(tx, {
          email: `bench${i}@bench.example`,
          fullname: `Bench Member ${i}`,
          phone: '9000000000',
          passwordHash,
          sponsorId: sponsor,
          prefix: 'BEN',
          role: 'user',
        });
        await addToUplineTeams(tx, id, 1);
        ids.push(id);
      }
    });
  }
  await deps.db
    .updateTable('users')
    // Verified (level 2, no identity limits: decision 0073), so the requests measured are not refused by a day's limit.
    .set({ bep20: sql<string>`'0x' || lpad(to_hex(id), 40, '0')`, identity_level: 2 })
    .where('id', 'in', ids)
    .execute();
  log(`  ${count} members inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const t1 = performance.now();
  for (let start = 0; start < count; start += 200) {
    await deps.db.transaction().execute(async (tx) => {
      for (const id of ids.slice(start, start + 200)) {
        await post(tx, {
          key: `bench-fund:${id}`,
          kind: 'deposit',
          memberId: id,
          memo: 'bench funding',
          entries: [
            { account: { owner: id, kind: 'deposit' }, amount: parseUnits('1000000') },
            { account: { owner: null, kind: 'cash' }, amount: -parseUnits('1000000') },
          ],
        });
        await post(tx, {
          key: `bench-working:${id}`,
          kind: 'income',
          memberId: id,
          memo: 'bench funding',
          entries: [
            { account: { owner: id, kind: 'working' }, amount: parseUnits('100000') },
            { account: { owner: null, kind: 'income_expense' }, amount: -parseUnits('100000') },
          ],
        });
      }
    });
  }
  log(`  wallets funded through the ledger in ${((performance.now() - t1) / 1000).toFixed(1)} s`);

  const t2 = performance.now();
  // One at a time: two concurrent top-ups of a member and of its upline can deadlock in bumpUplines
  // (each holds its receiver's row, then locks the uplines in id order), which is not what this measures.
  await inParallel(ids.length, 1, async (i) => {
    const id = ids[i] ?? 0n;
    await deps.db.transaction().execute((tx) =>
      deps.topups.activate(tx, {
        payer: id,
        receiver: id,
        planId,
        amount: undefined,
        kind: 'topup',
        createdBy: id,
        requestKey: `${id}:bench-plan`,
      }),
    );
  });
  log(`  plans bought through the top-up service in ${((performance.now() - t2) / 1000).toFixed(1)} s`);

  const members: Member[] = [];
  await deps.db.transaction().execute(async (tx) => {
    for (const id of ids) {
      const s = await deps.sessions.create(tx, id, 'user', { ip: '127.0.0.1', userAgent: 'sgx-bench' });
      members.push({ id, token: s.token });
    }
  });
  return { members, tokenId, planId };
}

/**
 * Makes sure the first `holders` members hold at least `minimum` SGX to sell (buying the rest through
 * the token service, not measured); returns each holder with the whole tokens they can sell.
 */
export async function ensureHoldings(
  deps: Deps,
  fx: Fixture,
  holders: number,
  minimum: bigint,
): Promise<{ member: Member; units: number }[]> {
  const chosen = fx.members.slice(0, holders);
  const balanceOf = async () => {
    const rows = await deps.db
      .selectFrom('ledger_accounts')
      .select(['owner_id', 'balance'])
      .where('kind', '=', 'token')
      .where(
        'owner_id',
        'in',
        chosen.map((m) => m.id),
      )
      .execute();
    return new Map(rows.map((r) => [r.owner_id, r.balance]));
  };
  const before = await balanceOf();
  const short = chosen.filter((m) => (before.get(m.id) ?? 0n) < minimum);
  await inParallel(short.length, 4, async (i) => {
    const m = short[i];
    if (!m) return;
    const principal: Principal = { userId: m.id, role: 'user', sessionId: 0n, secondFactor: 'ok' };
    const amount = minimum - (before.get(m.id) ?? 0n);
    await deps.token.trade(
      principal,
      'BUY',
      { token_id: fx.tokenId, amount, user_id: Number(m.id) },
      `bench-prep-${m.id}-${Date.now()}`,
    );
  });
  const after = await balanceOf();
  return chosen.map((member) => ({
    member,
    units: Number((after.get(member.id) ?? 0n) / parseUnits('1')),
  }));
}
