import {
  amountOut,
  type IdentityLimitsResponse,
  type IdentityLimitUse,
  identityLimitKeys,
  identityLimitOf,
} from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { conflict, notFound } from '../../http/errors';
import type { SettingsService } from '../settings/settings.service';
import { assertCountryServed } from './country';

/**
 * A member's identity limits as they stand (decision 0073): their level, each limit of it with what is used in its
 * window (SQL identity_limit_used, the windows' one home) and what remains, and the next level; and the country of
 * residence, set once by the member when it is empty.
 */
export class IdentityLimitsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  async limits(userId: bigint): Promise<IdentityLimitsResponse> {
    const s = await this.settings.all();
    const member = await this.db
      .selectFrom('users')
      .select(['identity_level', 'country'])
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw notFound('Member not found.');
    const level = member.identity_level;
    const mine = s.identityLevels[level] ?? s.identityLevels[s.identityLevels.length - 1];
    const limited = identityLimitKeys.filter((k) => mine?.[k] !== null && mine?.[k] !== undefined);
    // Only the limits the level has are summed, each in one statement (nothing at a level without limits).
    const used = new Map<string, bigint>();
    if (limited.length > 0) {
      const { rows } = await sql<{ key: string; used: bigint }>`
        SELECT k AS key, identity_limit_used(${userId}::bigint, k) AS used
        FROM unnest(${limited}::text[]) k`.execute(this.db);
      for (const r of rows) used.set(r.key, BigInt(r.used));
    }
    const limits: IdentityLimitUse[] = identityLimitKeys.map((key) => {
      const text = mine?.[key] ?? null;
      const u = used.get(key) ?? 0n;
      const limit = text === null ? null : parseUnits(text);
      return {
        key,
        ...identityLimitOf[key],
        limit: limit === null ? null : amountOut(limit),
        used: amountOut(u),
        remaining: limit === null ? null : amountOut(limit > u ? limit - u : 0n),
      };
    });
    const nextLimits = s.identityLevels[level + 1];
    return {
      level,
      country: member.country,
      limits,
      next: nextLimits === undefined ? null : { level: level + 1, limits: nextLimits },
    };
  }

  /** Sets the member's country of residence once, when it is empty; an unserved country is refused. */
  async setCountry(userId: bigint, country: string): Promise<{ message: string; country: string }> {
    assertCountryServed(await this.settings.all(), country);
    const set = await this.db
      .updateTable('users')
      .set({ country, updated_at: new Date() })
      .where('id', '=', userId)
      .where('country', 'is', null)
      .where('deleted_at', 'is', null)
      .returning('country')
      .executeTakeFirst();
    if (!set)
      throw conflict('Your country of residence is already set. Contact support to change it.', {
        country: ['Your country of residence is already set. Contact support to change it.'],
      });
    return { message: 'Country of residence saved.', country };
  }
}
