import { formatUsd } from '@sgx/money';
import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Tx } from '../../db';
import type { MemberEventKind } from '../../db/schema';

/** An amount as a member reads it in a notice: "$1,234.50". */
export const usd = (units: bigint) => `$${formatUsd(units)}`;

export type MemberEventInput = {
  userId: bigint;
  kind: MemberEventKind;
  title: string;
  message: string;
  /** Where in the web app the member sees the subject, e.g. '/user/withdrawal'. */
  link?: string | null;
  /** Names the event once, e.g. `deposit-credited:42`: the same key again writes nothing. */
  key: string;
};

/**
 * Tells a member what happened to their money or request, in the caller's transaction: the notice
 * exists exactly when the change committed, and a request or job that runs twice writes it once (the
 * key is unique). E-mail is sent after commit by the event mailer (event-mail.ts), never from here.
 * Returns whether this call wrote it.
 */
export async function notifyMember(tx: Tx, e: MemberEventInput): Promise<boolean> {
  const row = await tx
    .insertInto('member_events')
    .values({
      user_id: e.userId,
      kind: e.kind,
      title: e.title,
      message: e.message,
      link: e.link ?? null,
      dedupe_key: e.key,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The same for events a set-based job selects (columns user_id, kind, title, message, link, dedupe_key),
 * so a job telling many members never carries them through the application. Returns how many it wrote.
 */
export async function notifyMembersFrom(tx: Tx, events: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH written AS (
      INSERT INTO member_events (user_id, kind, title, message, link, dedupe_key)
      SELECT e.user_id, e.kind, e.title, e.message, e.link, e.dedupe_key FROM (${events}) AS e
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM written`.execute(tx);
  return rows[0]?.n ?? 0;
}
