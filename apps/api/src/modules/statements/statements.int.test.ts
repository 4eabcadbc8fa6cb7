import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { StaffRole } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { launchToken } from '../../../test/money';
import { backdate, postTo } from './statements.fixture';

/** Statements through HTTP (decision 0043) on the real PostgreSQL, postings made by the real ledger. */
let t: TestApp;
let member: { id: bigint; token: string };
let other: { id: bigint; token: string };
const ids: Record<string, bigint> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await launchToken(t.deps, parseUnits('1000000'));
  const m = await buildMember(t.deps);
  member = { id: m.id, token: await tokenFor(t.app, m) };
  const o = await buildMember(t.deps);
  other = { id: o.id, token: await tokenFor(t.app, o) };
  // October 2025: 100 in, 30.5 out; November 2025: 12.25 in (memo with a comma and quotes); then 1 now.
  ids.a = await postTo(t.deps, member.id, 'deposit', parseUnits('100'), 'first deposit');
  ids.b = await postTo(t.deps, member.id, 'deposit', -parseUnits('30.5'));
  ids.c = await postTo(t.deps, member.id, 'deposit', parseUnits('12.25'), 'gift, "thanks"');
  ids.d = await postTo(t.deps, member.id, 'deposit', parseUnits('1'));
  ids.s = await postTo(t.deps, member.id, 'sgx', parseUnits('3.12345678'));
  ids.x = await postTo(t.deps, other.id, 'deposit', parseUnits('999'));
  await backdate(t.url, [
    { id: ids.a, at: new Date('2025-10-01T00:00:00Z') },
    { id: ids.b, at: new Date('2025-10-31T23:59:59.999Z') },
    { id: ids.c, at: new Date('2025-11-01T00:00:00Z') },
    { id: ids.s, at: new Date('2025-11-15T12:00:00Z') },
    { id: ids.x, at: new Date('2025-11-02T00:00:00Z') },
  ]);
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ url: `/api/v1${url}`, headers: bearer(token) });

async function staff(...roles: StaffRole[]): Promise<string> {
  const admin = await buildAdmin(t.deps);
  await sqlOn(t.url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [admin.id, roles]);
  return tokenFor(t.app, admin, 'admin');
}

/** The text a pdfkit PDF shows: every content stream inflated, the strings of its TJ/Tj operators per line. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated content stream (fonts are standard; nothing else is compressed otherwise)
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : op[2];
      lines.push(Buffer.from(hex ?? '', 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

describe('GET /statements', () => {
  it('a month: opening, every posting with its running balance, closing, for the session member only', async () => {
    const res = await get(member.token, '/statements?wallet=deposit&from=2025-11-01&to=2025-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      wallet: 'deposit',
      asset: 'USD',
      from: '2025-11-01',
      to: '2025-11-30',
      period_start: '2025-11-01T00:00:00.000Z',
      period_end: '2025-12-01T00:00:00.000Z',
      member: { id: String(member.id) },
      opening: '69.50000000',
      closing: '81.75000000',
      total: '12.25000000',
    });
    // Only this member's posting of November; the other member's 999 is not in it.
    expect(s.entries).toEqual([
      {
        transaction_id: String(ids.c),
        created_at: '2025-11-01T00:00:00.000Z',
        rule: 'deposit',
        reference: `#${ids.c} gift, "thanks"`,
        amount: '12.25000000',
        balance_after: '81.75000000',
      },
    ]);
    expect(s.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('October: both day ends are included; debits are negative; the month closes where November opens', async () => {
    const s = (await get(member.token, '/statements?wallet=deposit&from=2025-10-01&to=2025-10-31')).json();
    expect(s.opening).toBe('0.00000000');
    expect(
      s.entries.map((e: { amount: string; balance_after: string }) => [e.amount, e.balance_after]),
    ).toEqual([
      ['100.00000000', '100.00000000'],
      ['-30.50000000', '69.50000000'],
    ]);
    expect(s.closing).toBe('69.50000000');
  });

  it('a past month is checked against the stored balance too: a balance that drifted from its entries is refused', async () => {
    const drift = (units: number) =>
      sqlOn(
        t.url,
        "UPDATE ledger_accounts SET balance = balance + $2 WHERE owner_id = $1 AND kind = 'deposit' AND asset = 'USD'",
        [member.id, units],
      );
    await drift(1);
    try {
      const res = await get(member.token, '/statements?wallet=deposit&from=2025-10-01&to=2025-10-31');
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await drift(-1);
    }
    const again = await get(member.token, '/statements?wallet=deposit&from=2025-10-01&to=2025-10-31');
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a period reaching today closes at the wallet balance; the SGX wallet is in SGX', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const s = (await get(member.token, `/statements?wallet=deposit&from=2025-12-01&to=${today}`)).json();
    expect(s.opening).toBe('81.75000000');
    expect(s.closing).toBe('82.75000000');
    const sgx = (await get(member.token, '/statements?wallet=sgx&from=2025-11-01&to=2025-11-30')).json();
    expect(sgx).toMatchObject({ asset: 'SGX', opening: '0.00000000', closing: '3.12345678' });
    // A wallet never used: zero and no postings.
    const unused = (
      await get(member.token, '/statements?wallet=compound&from=2025-11-01&to=2025-11-30')
    ).json();
    expect(unused).toMatchObject({ opening: '0.00000000', closing: '0.00000000', entries: [] });
  });

  it('the other member sees their own statement, never this one', async () => {
    const s = (await get(other.token, '/statements?wallet=deposit&from=2025-11-01&to=2025-11-30')).json();
    expect(s.member.id).toBe(String(other.id));
    expect(s.entries.map((e: { transaction_id: string }) => e.transaction_id)).toEqual([String(ids.x)]);
    // A member id sent along is not a way in: the query has no such field, the session decides.
    const sneaky = await get(
      other.token,
      `/statements?wallet=deposit&from=2025-11-01&to=2025-11-30&user_id=${member.id}`,
    );
    expect(sneaky.json().member.id).toBe(String(other.id));
    // Staff cannot use the member route.
    const admin = await staff('owner');
    expect((await get(admin, '/statements?wallet=deposit&from=2025-11-01&to=2025-11-30')).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ url: '/api/v1/statements?wallet=deposit&from=2025-11-01&to=2025-11-30' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses reversed, longer than a year, malformed periods and unknown wallets with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['wallet=deposit&from=2025-11-30&to=2025-11-01', /ends before it starts/],
      ['wallet=deposit&from=2025-01-01&to=2026-01-01', /at most one year/],
      ['wallet=deposit&from=2025-02-30&to=2025-03-01', /real day/],
      ['wallet=deposit&from=2025-11&to=2025-11-30', /YYYY-MM-DD/],
      ['wallet=deposit&to=2025-11-30', /from/],
      ['wallet=savings&from=2025-11-01&to=2025-11-30', /./],
    ];
    for (const [query, message] of cases) {
      const res = await get(member.token, `/statements?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    // Exactly a year, less a day, is allowed.
    expect(
      (await get(member.token, '/statements?wallet=deposit&from=2025-01-01&to=2025-12-31')).statusCode,
    ).toBe(200);
  });
});

describe('downloads', () => {
  const q = 'wallet=deposit&from=2025-10-01&to=2025-11-30';

  it('the CSV: opening row, postings, closing row; its SHA-256 is the statement checksum', async () => {
    const res = await get(member.token, `/statements/csv?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/statement-.+-deposit-2025-10-01-2025-11-30\.csv/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"date","transaction_id","rule","reference","amount","balance_after"');
    expect(lines[1]).toMatch(
      /^"2025-10-01T00:00:00.000Z","","opening","SocialGenX statement: Test Member \(.+\), wallet deposit \(USD\), 2025-10-01 to 2025-11-30","","0.00000000"$/,
    );
    expect(lines.slice(2)).toEqual([
      `"2025-10-01T00:00:00.000Z","${ids.a}","deposit","#${ids.a} first deposit","100.00000000","100.00000000"`,
      `"2025-10-31T23:59:59.999Z","${ids.b}","withdrawal","#${ids.b}","-30.50000000","69.50000000"`,
      `"2025-11-01T00:00:00.000Z","${ids.c}","deposit","#${ids.c} gift, ""thanks""","12.25000000","81.75000000"`,
      '"2025-12-01T00:00:00.000Z","","closing","Closing balance","81.75000000","81.75000000"',
    ]);
    const json = (await get(member.token, `/statements?${q}`)).json();
    expect(createHash('sha256').update(res.body, 'utf8').digest('hex')).toBe(json.checksum);
  });

  it('the PDF opens (A4, %PDF) and its text holds the member, period, figures, postings and checksum', async () => {
    const res = await get(member.token, `/statements/pdf?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const text = pdfText(pdf);
    const json = (await get(member.token, `/statements?${q}`)).json();
    for (const expected of [
      'SocialGenX',
      `Member: Test Member (${json.member.username})`,
      'Period: 2025-10-01 to 2025-11-30 (whole days, UTC)',
      // Amounts to the cent where a person reads them (decision 0055); the CSV keeps them exact.
      'Opening balance: $0.00',
      'Closing balance: $81.75',
      '$100.00',
      '-$30.50',
      '$12.25',
      `#${ids.c}`,
      'Opening $0.00 + postings $81.75 = closing $81.75',
      json.checksum,
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/\d\.\d{3,}/);
  });

  it('the PDF names rules and members in words, never keys or ids (decision 0055)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const a = await buildMember(t.deps);
    const b = await buildMember(t.deps);
    const aToken = await tokenFor(t.app, a);
    await postTo(t.deps, a.id, 'deposit', parseUnits('500'));
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transfer/touser',
      headers: bearer(aToken),
      payload: { user_id: Number(a.id), userto_id: Number(b.id), amount: '114.06281' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const period = `wallet=deposit&from=${today}&to=${today}`;
    const json = (await get(aToken, `/statements?${period}`)).json();
    const usernames = await sqlOn(t.url, 'SELECT id::text, username FROM users WHERE id = ANY($1)', [
      [a.id, b.id],
    ]);
    const name = (id: bigint) => usernames.rows.find((r) => r.id === String(id))?.username as string;
    const transfer = json.entries.find((e: { rule: string }) => e.rule === 'transfer');
    expect(transfer.reference).toContain(`from ${name(a.id)} to ${name(b.id)}`);
    expect(transfer.amount).toBe('-114.06281000'); // the JSON stays exact
    const text = pdfText((await get(aToken, `/statements/pdf?${period}`)).rawPayload);
    expect(text).toContain(`from ${name(a.id)} to ${name(b.id)}`);
    expect(text).not.toMatch(new RegExp(`member ${b.id}\\b`));
    expect(text).toContain('Transfer');
    expect(text).toContain('-$114.06');
    expect(text).toContain('$385.94');
    expect(text).not.toContain('114.06281');
  });

  it('a Hindi name is written in an embedded Devanagari font, not in Helvetica (which has no such glyphs)', async () => {
    await sqlOn(t.url, 'UPDATE users SET fullname = $2 WHERE id = $1', [other.id, 'आशा राव']);
    const res = await get(other.token, `/statements/pdf?${q}`);
    expect(res.statusCode).toBe(200);
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
    // The Latin parts of the line are still text in Helvetica.
    expect(pdfText(res.rawPayload)).toContain('Member: ');
    const latin = (await get(member.token, `/statements/pdf?${q}`)).rawPayload.toString('latin1');
    expect(latin).not.toContain('NotoSansDevanagari');
  });
});

describe('GET /admin/users/:id/statements', () => {
  const q = 'wallet=deposit&from=2025-11-01&to=2025-11-30';

  it('finance (money) gets the same statement as the member; support is refused', async () => {
    const finance = await staff('finance');
    const res = await get(finance, `/admin/users/${member.id}/statements?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual((await get(member.token, `/statements?${q}`)).json());
    const csv = await get(finance, `/admin/users/${member.id}/statements/csv?${q}`);
    expect(csv.body).toBe((await get(member.token, `/statements/csv?${q}`)).body);
    const pdf = await get(finance, `/admin/users/${member.id}/statements/pdf?${q}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(res.json().checksum);

    const support = await staff('support');
    for (const path of ['', '/csv', '/pdf']) {
      const refused = await get(support, `/admin/users/${member.id}/statements${path}?${q}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Your staff role does not allow this.');
    }
    // A member cannot use the admin route, even about themself.
    expect((await get(member.token, `/admin/users/${member.id}/statements?${q}`)).statusCode).toBe(403);
  });

  it('a staff account or an unknown id is not a member: 404', async () => {
    const owner = await staff('owner');
    const admin = await buildAdmin(t.deps);
    expect((await get(owner, `/admin/users/${admin.id}/statements?${q}`)).statusCode).toBe(404);
    expect((await get(owner, `/admin/users/99999999/statements?${q}`)).statusCode).toBe(404);
  });
});
