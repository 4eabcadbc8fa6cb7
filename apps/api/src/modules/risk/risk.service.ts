import type { RiskSignal, WithdrawalRiskResponse } from '@sgx/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db';
import { notFound } from '../../http/errors';

/**
 * Whether any risk signal of the withdrawal whose id is in `withdrawalIdColumn` (a column reference such as
 * 'w.id') is flagged: for a "flagged only" filter of a withdrawal list.
 */
export function riskFlagged(withdrawalIdColumn: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM withdrawal_risk(${sql.ref(withdrawalIdColumn)}) r WHERE r.flagged)`;
}

/**
 * The risk signals of one withdrawal, read from withdrawal_risk() (db/functions/withdrawal_risk.sql, decision 0026): the
 * account's age, deposits against withdrawals, a recent payout address change, an address, IP or wallet
 * shared with other members, registrations from one IP on one day, a drain right after a deposit (decision
 * 0026), and reports of transaction hashes the chain shows other members sent (decision 0027).
 */
export class RiskService {
  constructor(private readonly db: Db) {}

  async forWithdrawal(id: bigint): Promise<WithdrawalRiskResponse> {
    const { rows } = await sql<RiskSignal>`
      SELECT r.code, r.flagged, r.sentence FROM withdrawal_risk(${id}::bigint) r`.execute(this.db);
    // The function answers every signal of a withdrawal there is, nothing for one there is not.
    if (rows.length === 0) throw notFound('Withdrawal not found.');
    return { flagged: rows.some((r) => r.flagged), signals: rows };
  }
}
