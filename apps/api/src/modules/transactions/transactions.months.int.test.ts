import { amountOut } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { pageSeek } from '../../http/listing';
import { type PastMovement, resetRollups, writePastLedger } from '../reports/history.fixture';
import { Rollups } from '../rollups/rollups';
import { TransactionList } from './transactions.list';

const DAY = 86_400_000;
const U = 100_000_000n;
const today = Math.floor(Date.now() / DAY) * DAY;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // Three members a search names ('monthsa'…), one it does not, and a memo it finds: movements over five months,
  // none in the month before last, several at one instant, and a month start to the millisecond.
  const named = [];
  for (const name of ['monthsa', 'monthsb', 'monthsc', 'other']) {
    const id = (await buildMember(t.deps)).id;
    await sqlOn(t.url, 'UPDATE users SET username = $2 WHERE id = $1', [id, name]);
    named.push(id);
  }
  const [a, b, c, other] = named as [bigint, bigint, bigint, bigint];
  const monthStart = (back: number) => {
    const d = new Date(today);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
  };
  const history: PastMovement[] = [];
  const push = (at: number, owner: bigint, i: number, memo?: string) =>
    history.push(
      i % 3 === 2
        ? {
            at: new Date(at),
            owner,
            wallet: 'deposit',
            amount: -U,
            kind: 'transfer',
            counterpart: { owner: owner === a ? b : a, wallet: 'deposit' },
          }
        : {
            at: new Date(at),
            owner,
            wallet: i % 3 ? 'non_working' : 'deposit',
            amount: BigInt(i + 1) * U,
            kind: i % 3 ? 'income' : 'deposit',
            ...(i % 3 ? { incomeType: 'roi_income' } : {}),
            ...(memo ? { memo } : {}),
          },
    );
  let i = 0;
  for (const back of [4, 3, 1])
    for (let k = 0; k < 7; k++)
      push(monthStart(back) + k * 3 * DAY + k * 1000, [a, b, c][k % 3] as bigint, i++);
  push(monthStart(1), c, i++);
  push(monthStart(1) - 1, a, i++);
  for (let k = 0; k < 4; k++) push(monthStart(3) + 5 * DAY, b, 3 * k);
  push(monthStart(3) + 9 * DAY, other, 0, 'for the months ahead');
  push(monthStart(1) + 2 * DAY, other, 3, 'months');
  push(monthStart(1) + 2 * DAY, other, 1);
  for (let k = 0; k < 5; k++)
    push(Math.max(monthStart(0), today - DAY) + k * 60_000, [a, c][k % 2] as bigint, i++);
  await writePastLedger(t.url, history);
  // A side's sources come from the rollups (decision 0087): closed to midnight, the rest live.
  await resetRollups(t.url);
  await new Rollups(t.deps.db).fill(new Date(today));
}, 120_000);

afterAll(async () => {
  await t.close();
});

type Filter = { search: string; type?: 'credit' | 'debit'; from?: string; to?: string };

/** The list as plain SQL over the whole ledger: [transaction, member, amount] per row, newest first. */
async function reference(f: Filter): Promise<string[][]> {
  const like = `%${f.search}%`;
  const { rows } = await sqlOn(
    t.url,
    `SELECT t.id::text AS t, a.owner_id::text AS u, e.amount::text AS amount
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transactions t ON t.id = e.transaction_id JOIN users u ON u.id = a.owner_id
      WHERE a.asset = 'USD' AND (u.username ILIKE $1 OR (t.kind <> 'transfer' AND t.memo ILIKE $1))
        AND ($2::text IS NULL OR ($2 = 'credit') = (e.amount > 0))
        AND ($3::date IS NULL OR t.created_at >= $3::date) AND ($4::date IS NULL OR t.created_at < $4::date + 1)
      ORDER BY t.created_at DESC, t.id DESC, e.id`,
    [like, f.type ?? null, f.from ?? null, f.to ?? null],
  );
  return rows.map((r) => [r.t, r.u, r.amount]);
}

describe('a search naming many members, read a month at a time', () => {
  it('pages as plain offsets do, from either end, over months with rows and without', async () => {
    // Every search here names three members: read month by month (the threshold lowered), and whole.
    const lists = [
      new TransactionList(t.deps.db, t.deps.db, { count: 10_000, named: 1_000, near: 2_000, monthly: 1 }),
      new TransactionList(t.deps.db, t.deps.db, { count: 10_000, named: 1_000, near: 2_000, monthly: 1_000 }),
    ];
    const filters: Filter[] = [
      { search: 'months' },
      { search: 'months', type: 'credit' },
      { search: 'months', type: 'debit' },
      { search: 'months', from: day(today - 70 * DAY) },
      { search: 'months', to: day(today - 40 * DAY) },
      { search: 'months', from: day(today - 100 * DAY), to: day(today - 20 * DAY) },
      { search: 'monthsb' },
    ];
    for (const f of filters) {
      const all = await reference(f);
      expect(all.length, JSON.stringify(f)).toBeGreaterThan(0);
      for (const list of lists)
        for (const limit of [1, 3, 10]) {
          const last = Math.max(1, Math.ceil(all.length / limit));
          for (let page = 1; page <= last + 1; page++) {
            const got = await list.list({ page, limit, format: 'json', ...f, transaction_type: f.type });
            expect(got.total).toBe(all.length);
            const seek = pageSeek(page, limit, all.length);
            const want = seek ? all.slice((page - 1) * limit, (page - 1) * limit + seek.limit) : [];
            const label = `${JSON.stringify(f)} limit ${limit} page ${page}`;
            expect(
              got.rows.map((r) => [String(r.transaction_id), String(r.user_id), r.amount]),
              label,
            ).toEqual(
              want.map(([tx, u, units]) => [tx, u, amountOut(BigInt((units as string).replace('-', '')))]),
            );
          }
        }
    }
  }, 300_000);
});
