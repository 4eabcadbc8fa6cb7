import { addMonths, type StatementWallet } from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { launchToken } from '../../../test/money';
import { backdate, dayOf, postTo } from './statements.fixture';
import { walletAccount } from './statements.repo';

/**
 * Statement arithmetic over random postings (decision 0043): random credits and debits posted through the real ledger
 * `post` on the real PostgreSQL, moved to random instants of 2024-2025, then random periods read through HTTP and
 * compared with a model of the postings: opening = the sum before the period, each posting and running balance,
 * closing = opening + the postings; one month's closing is the next month's opening; a period reaching today
 * closes at the account's balance.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await launchToken(t.deps, parseUnits('100000000'));
});
afterAll(() => t.close());

const START = Date.UTC(2024, 0, 1);
const SPAN = Date.UTC(2026, 0, 1) - START;

type Posting = { id: bigint; at: Date; amount: bigint };
type Statement = {
  opening: string;
  closing: string;
  total: string;
  entries: { transaction_id: string; amount: string; balance_after: string }[];
};

const wallets: StatementWallet[] = ['deposit', 'working', 'non_working', 'compound', 'sgx'];

/** A member with random postings to one wallet; debits never take the wallet below zero when posted. */
async function memberWithPostings(
  wallet: StatementWallet,
  moves: { amount: bigint; debit: boolean; at: number }[],
) {
  const m = await buildMember(t.deps);
  const postings: Posting[] = [];
  let balance = 0n;
  for (const move of moves) {
    const amount = move.debit && balance >= move.amount ? -move.amount : move.amount;
    balance += amount;
    postings.push({ id: await postTo(t.deps, m.id, wallet, amount), at: new Date(START + move.at), amount });
  }
  await backdate(t.url, postings);
  return { id: m.id, token: await tokenFor(t.app, m), postings, balance };
}

async function statementOf(
  token: string,
  wallet: StatementWallet,
  from: string,
  to: string,
): Promise<Statement> {
  const res = await t.app.inject({
    url: `/api/v1/statements?wallet=${wallet}&from=${from}&to=${to}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the statement must say, from the postings alone. */
function expected(postings: Posting[], from: string, to: string) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
  const opening = postings.filter((p) => p.at.getTime() < start).reduce((s, p) => s + p.amount, 0n);
  const inside = postings
    .filter((p) => p.at.getTime() >= start && p.at.getTime() < end)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.id - b.id));
  let running = opening;
  const entries = inside.map((p) => {
    running += p.amount;
    return {
      transaction_id: String(p.id),
      amount: formatUnits(p.amount),
      balance_after: formatUnits(running),
    };
  });
  return { opening: formatUnits(opening), closing: formatUnits(running), entries };
}

const amount = fc.bigInt({ min: 1n, max: parseUnits('5000') });
const move = fc.record({ amount, debit: fc.boolean(), at: fc.integer({ min: 0, max: SPAN - 1 }) });
const day = fc
  .integer({ min: 0, max: Math.floor(SPAN / 86_400_000) - 1 })
  .map((d) => dayOf(new Date(START + d * 86_400_000)));

describe('statement arithmetic over random postings', () => {
  it('opening + postings = closing, matching the postings, for random periods', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...wallets),
        fc.array(move, { minLength: 0, maxLength: 25 }),
        fc.array(fc.tuple(day, fc.integer({ min: 0, max: 364 })), { minLength: 1, maxLength: 4 }),
        async (wallet, moves, periods) => {
          const m = await memberWithPostings(wallet, moves);
          for (const [from, length] of periods) {
            const last = dayOf(new Date(Date.parse(`${from}T00:00:00Z`) + length * 86_400_000));
            const to = last < addMonths(from, 12) ? last : from;
            const s = await statementOf(m.token, wallet, from, to);
            const want = expected(m.postings, from, to);
            expect(s.opening).toBe(want.opening);
            expect(s.closing).toBe(want.closing);
            expect(
              s.entries.map(({ transaction_id, amount, balance_after }) => ({
                transaction_id,
                amount,
                balance_after,
              })),
            ).toEqual(want.entries);
            const sum = s.entries.reduce((acc, e) => acc + parseUnits(e.amount), 0n);
            expect(parseUnits(s.opening) + sum).toBe(parseUnits(s.closing));
            expect(formatUnits(sum)).toBe(s.total);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("each month's closing is the next month's opening; the period reaching today closes at the balance", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...wallets),
        fc.array(move, { minLength: 1, maxLength: 30 }),
        async (wallet, moves) => {
          const m = await memberWithPostings(wallet, moves);
          let month = '2024-01-01';
          let previous: Statement | undefined;
          while (month < '2026-01-01') {
            const next = addMonths(month, 1);
            const last = dayOf(new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000));
            const s = await statementOf(m.token, wallet, month, last);
            if (previous) expect(s.opening).toBe(previous.closing);
            previous = s;
            month = next;
          }
          const today = dayOf(new Date());
          const now = await statementOf(m.token, wallet, addMonths(today, -11), today);
          const { kind, asset } = walletAccount[wallet];
          const { rows } = await sqlOn(
            t.url,
            'SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = $2 AND asset = $3',
            [m.id, kind, asset],
          );
          expect(now.closing).toBe(formatUnits(BigInt(rows[0]?.balance ?? 0)));
          expect(now.closing).toBe(formatUnits(m.balance));
          // Everything was moved into 2024-2025: the last month of 2025 closes at the balance too.
          expect(previous?.closing).toBe(formatUnits(m.balance));
        },
      ),
      { numRuns: 15 },
    );
  });
});
