import type { Locale, PreferencesBody, PreferencesResponse } from '@sgx/contracts';
import type { Db } from '../../db';
import { notFound } from '../../http/errors';

/** The signed-in principal's language and time zone (users.locale, users.time_zone; decision 0039). */
export class PreferencesService {
  constructor(private readonly db: Db) {}

  async read(userId: bigint): Promise<PreferencesResponse> {
    const row = await this.db
      .selectFrom('users')
      .select(['locale', 'time_zone'])
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (row === undefined) throw notFound('Account not found.');
    return { locale: row.locale, time_zone: row.time_zone };
  }

  /** Saves the fields sent (the body is checked by the contract: a known language, a zone Intl knows). */
  async save(userId: bigint, body: PreferencesBody): Promise<PreferencesResponse> {
    const changes: { locale?: Locale | null; time_zone?: string | null } = {};
    if (body.locale !== undefined) changes.locale = body.locale;
    if (body.time_zone !== undefined) changes.time_zone = body.time_zone;
    const row = await this.db
      .updateTable('users')
      .set(changes)
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .returning(['locale', 'time_zone'])
      .executeTakeFirst();
    if (row === undefined) throw notFound('Account not found.');
    return { locale: row.locale, time_zone: row.time_zone };
  }
}
