import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { refusal, sqlErrors, sqlRefusal } from './sql-errors';

const DB = path.join(import.meta.dirname, '..', 'db');

/** Every `ERRCODE = 'SXnnn'` in the files of a folder under db/, as code -> files raising it. */
function raised(folder: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of readdirSync(path.join(DB, folder)).filter((f) => f.endsWith('.sql'))) {
    const text = readFileSync(path.join(DB, folder, file), 'utf8');
    for (const m of text.matchAll(/ERRCODE\s*=\s*'(SX\d{3})'/g)) {
      const code = m[1] as string;
      if (!found.has(code)) found.set(code, new Set());
      found.get(code)?.add(`${folder}/${file}`);
    }
  }
  return found;
}

describe('the SQL error registry (decision 0061)', () => {
  it('holds exactly the codes the SQL raises, each with the file that raises it', () => {
    const inSql = new Map([...raised('functions'), ...raised('triggers'), ...raised('views')]);
    expect([...inSql.keys()].sort()).toEqual(Object.keys(sqlErrors).sort());
    for (const [code, files] of inSql)
      expect([...files], code).toEqual([sqlErrors[code as keyof typeof sqlErrors].raisedBy]);
    // Migrations hold no function bodies (decision 0057), so they raise none.
    expect(raised('migrations').size).toBe(0);
  });

  it('turns a code into its API error, with the caller’s text where the registry leaves it to the request', () => {
    const blocked = sqlRefusal({ code: 'SX301' });
    expect(blocked).toBeInstanceOf(AppError);
    expect([blocked?.status, blocked?.code, blocked?.message]).toEqual([
      403,
      'FORBIDDEN',
      'Your account is blocked. Please contact support.',
    ]);
    const reused = sqlRefusal({ code: 'SX302' });
    expect([reused?.status, Object.keys(reused?.details ?? {})]).toEqual([409, ['Idempotency-Key']]);
    // A text from the error's DETAIL.
    const moved = sqlRefusal({ code: 'SX405', detail: '10' }, { SX405: (d) => `at least ${d}` });
    expect([moved?.status, moved?.message]).toEqual([422, 'at least 10']);
    // A caller's own error wins whole.
    const own = new AppError('BUSINESS_RULE', 'held');
    expect(sqlRefusal({ code: 'SX406', detail: 'x' }, { SX406: () => own })).toBe(own);
    // A caller may say a registry text differently (a sale lacks tokens, not dollars).
    expect(sqlRefusal({ code: 'SX001' }, { SX001: () => 'Insufficient token balance.' })?.message).toBe(
      'Insufficient token balance.',
    );
  });

  it('leaves alone what is not a refusal: other codes, our own faults, and a text nobody gave', () => {
    expect(sqlRefusal({ code: '23505' })).toBeUndefined();
    expect(sqlRefusal(new Error('boom'))).toBeUndefined();
    expect(sqlRefusal(undefined)).toBeUndefined();
    expect(sqlRefusal({ code: 'SX002' })).toBeUndefined();
    expect(sqlRefusal({ code: 'SX505' })).toBeUndefined();
    const fault = new Error('not ours');
    expect(() => refusal(fault)).toThrow(fault);
    expect(() => refusal({ code: 'SX504' })).toThrow("You have already claimed today's reward");
  });
});
