import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../../db';
import { hashPassword } from '../auth/passwords';
import { type Erase, MEMBER_DATA, type TableRule } from './member-data';
import { memberRowsCondition } from './privacy.export';

/** The text a NOT NULL free-text column is overwritten with. */
export const REDACTED = '[erased]';

/** A member's pseudonym after erasure: `erased-<16 hex>`, unique, a valid username and (with a domain) address. */
export const newPseudonym = (): string => `erased-${randomBytes(8).toString('hex')}`;

/** The pseudonym as an e-mail address: `.invalid` is reserved (RFC 2606), so nothing is ever sent to it. */
export const pseudonymEmail = (pseudonym: string): string => `${pseudonym}@erased.invalid`;

async function erasedValue(erase: Erase, pseudonym: string, column: string) {
  switch (erase) {
    case 'null':
      return sql`NULL`;
    case 'redact':
      return sql`${REDACTED}`;
    case 'pseudonym':
      return sql`${pseudonym}`;
    case 'pseudonym-email':
      return sql`${pseudonymEmail(pseudonym)}`;
    case 'unusable':
      // A hash of a random secret nobody holds: no password matches it, and it still reads as a hash.
      return sql`${await hashPassword(randomBytes(32).toString('base64url'))}`;
    case 'erased-json':
      return sql`jsonb_build_object('erased', true, 'member_id', ${sql.ref(column)}->'member_id')`;
    case 'derived':
      return null;
  }
}

/**
 * Overwrites (or deletes) the member's personal data in every table `member-data.ts` names, in the caller's
 * transaction: the users row last, so the rows found by the member's e-mail are found first. Returns the tables
 * touched and how many rows each.
 */
export async function erasePersonalData(
  tx: Tx,
  memberId: bigint,
  email: string,
  pseudonym: string,
): Promise<Record<string, number>> {
  const touched: Record<string, number> = {};
  const tables = Object.keys(MEMBER_DATA).sort((a, b) => Number(a === 'users') - Number(b === 'users'));
  for (const table of tables) {
    const rule = MEMBER_DATA[table] as TableRule;
    if (!(rule.own || rule.via || rule.byEmail)) continue;
    const where = memberRowsCondition(rule, memberId, email);
    if (rule.deleteRows) {
      const r = await sql`DELETE FROM ${sql.table(table)} WHERE ${where}`.execute(tx);
      touched[table] = Number(r.numAffectedRows ?? 0n);
      continue;
    }
    const sets = [];
    for (const [column, erase] of Object.entries(rule.erase ?? {})) {
      const value = await erasedValue(erase, pseudonym, column);
      if (value !== null) sets.push(sql`${sql.ref(column)} = ${value}`);
    }
    if (rule.revoke) sets.push(sql`${sql.ref(rule.revoke)} = coalesce(${sql.ref(rule.revoke)}, now())`);
    if (sets.length === 0) continue;
    const r = await sql`UPDATE ${sql.table(table)} SET ${sql.join(sets)} WHERE ${where}`.execute(tx);
    touched[table] = Number(r.numAffectedRows ?? 0n);
  }
  return touched;
}
