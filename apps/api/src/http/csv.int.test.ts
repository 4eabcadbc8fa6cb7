import {
  CodeRecord,
  DepositRecord,
  MemberPlanRecord,
  TopupRecord,
  TransactionRecord,
  TransferRecord,
  WithdrawalCsvRow,
} from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { fundDeposit } from '../../test/money';
import { reconcile } from '../modules/ledger/ledger.service';

let t: TestApp;
let adminToken: string;
let bronze: number;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const res = await call(adminToken, 'POST', '/plans/add', {
    name: 'Bronze',
    monthly_price: '100',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  bronze = res.json().plan.id;
});
afterAll(async () => {
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  expect(r.unbalanced).toEqual([]);
  await t.close();
});

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

type Member = Built & { token: string };
const member = async (sponsor?: Built): Promise<Member> => {
  const m = await buildMember(t.deps, { sponsorId: sponsor?.id ?? null });
  return { ...m, token: await tokenFor(t.app, m) };
};

/** A member who bought Bronze themselves: their deposit, and their top-up. */
const withPlan = async (sponsor?: Built): Promise<Member> => {
  const m = await member(sponsor);
  await fundDeposit(t.deps, m.id, '100');
  const res = await call(m.token, 'POST', '/topup/add', {
    id: bronze,
    userby_id: Number(m.id),
    userto_id: Number(m.id),
  });
  expect(res.statusCode).toBe(201);
  return m;
};

/** Splits a CSV body into rows of cells (every cell is quoted by sendCsv; a cell may hold "" escapes). */
const parse = (body: string): string[][] =>
  body
    .split('\r\n')
    .filter((line, i, all) => !(line === '' && i === all.length - 1))
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));

const header = (schema: { shape: object }) => Object.keys(schema.shape);

describe('CSV exports', () => {
  it('always start with the header row of the record, also when nothing matches', async () => {
    const m = await member();
    const none = 'no-such-member-anywhere';
    const exports: [string, string, { shape: object }][] = [
      [adminToken, `/tr/all?format=csv&search=${none}`, TransactionRecord],
      [m.token, `/tr/user/${m.id}?format=csv`, TransactionRecord],
      [adminToken, `/deposite/list?format=csv&search=${none}`, DepositRecord],
      [m.token, '/deposite/list?format=csv', DepositRecord],
      [m.token, '/withdrawalrequest/list?format=csv', WithdrawalCsvRow],
      [m.token, '/topup/list?format=csv', TopupRecord],
      [m.token, '/transfer/list?format=csv', TransferRecord],
      [m.token, '/actplan/list?format=csv', MemberPlanRecord],
      [adminToken, `/codes?format=csv&search=${none}`, CodeRecord],
    ];
    for (const [token, url, schema] of exports) {
      const res = await call(token, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/csv/);
      // Exactly the header line and its line break: never a file holding only "\r\n".
      expect(res.body, url).toBe(
        `${header(schema)
          .map((c) => `"${c}"`)
          .join(',')}\r\n`,
      );
    }
  });

  it('writes the same columns as the empty file, and amounts inside details as decimal text', async () => {
    const sponsor = await withPlan();
    await withPlan(sponsor);
    const res = await call(sponsor.token, 'GET', `/tr/user/${sponsor.id}?format=csv&source=direct_income`);
    expect(res.statusCode).toBe(200);
    const [head, ...rows] = parse(res.body);
    expect(head).toEqual(header(TransactionRecord));
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries((head ?? []).map((c, i) => [c, rows[0]?.[i]]));
    expect(row).toMatchObject({ source: 'direct_income', amount: '5.00000000', wallet: 'working' });
    const details = JSON.parse(row.details ?? '{}');
    // The sponsor's cap is their plan x 3 = 300, the base the direct's 100, 5 paid: no internal units.
    expect(details).toMatchObject({
      cap: '300.00000000',
      base: '100.00000000',
      due: '5.00000000',
      paid: '5.00000000',
      earned_before: '0.00000000',
    });
    expect(res.body).not.toContain('300000000000');
    expect(res.body).not.toContain('10000000000');
  });
});

describe('income list (source=income)', () => {
  it('counts and pages only income, so the total matches the rows', async () => {
    const sponsor = await withPlan();
    await withPlan(sponsor);
    await withPlan(sponsor);
    // The sponsor's credits: one deposit and two direct incomes.
    const credits = await call(sponsor.token, 'GET', `/tr/user/${sponsor.id}?transaction_type=credit`);
    expect(credits.json().total).toBe(3);

    const income = await call(
      sponsor.token,
      'GET',
      `/tr/user/${sponsor.id}?transaction_type=credit&source=income&limit=1`,
    );
    expect(income.statusCode).toBe(200);
    const body = income.json();
    expect(body.total).toBe(2);
    expect(body.totalPages).toBe(2);
    expect(body.transactions).toHaveLength(1);
    expect(body.transactions[0].source).toBe('direct_income');
    const page2 = await call(
      sponsor.token,
      'GET',
      `/tr/user/${sponsor.id}?transaction_type=credit&source=income&limit=1&page=2`,
    );
    expect(page2.json().transactions.map((r: { source: string }) => r.source)).toEqual(['direct_income']);

    // The admin's list without a member (read through the rollups) counts the same way.
    const all = await call(adminToken, 'GET', '/tr/all?transaction_type=credit&source=income&limit=100');
    const rows: { source: string }[] = all.json().transactions;
    expect(all.json().total).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.source === 'direct_income')).toBe(true);
  });
});
