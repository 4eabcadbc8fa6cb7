import {
  CLOSE_ACCOUNT_CONFIRMATION,
  type PrivacyBlocker,
  type PrivacyCloseBody,
  type PrivacyExportBody,
  type PrivacyExportState,
} from '@sgx/contracts';
import { formatUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import type { RateLimiter } from '../../http/rate-limit';
import { writeAudit } from '../audit/audit.repo';
import { confirmMember } from '../auth/second-factor';
import { openFlagsOf } from '../flags/flags';
import { markMemberDeleted } from '../members/members.delete';
import { erasePersonalData, newPseudonym } from './privacy.erase';
import { buildMemberCopy } from './privacy.export';

/** How long a prepared copy can be downloaded again. */
const COPY_KEPT_MS = 24 * 60 * 60_000;
/** Copies a member may ask for per hour (each reads all their records). */
const COPIES_PER_HOUR = 5;

/**
 * Members' data rights (decision 0077): the copy of their data and closing the account with erasure. Both read
 * `member-data.ts`, the one classification of where a member's data lives.
 */
export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * A signed-in session is not enough for these, and an API key never: the member confirms again
   * (`confirmMember`, outside any transaction): for a copy the code when two-factor is on, else the password;
   * for closing the password, and the code as well when two-factor is on.
   */
  private async confirmFresh(
    p: Principal,
    body: { password?: string | undefined; code?: string | undefined },
    ip: string,
    asks: 'password-and-code' | 'code-or-password',
  ) {
    if (p.apiKeyId !== undefined)
      throw forbidden('Your data and your account are managed from a signed-in session, not an API key.');
    await confirmMember(this.db, { userId: p.userId, sessionId: p.sessionId, ip }, body, asks);
  }

  /** Prepares the member's copy now (an ordinary member's takes well under a second) and keeps it for a day. */
  async startExport(p: Principal, body: PrivacyExportBody, ip: string): Promise<PrivacyExportState> {
    await this.limiter.hit(`privacy-export:acct:${p.userId}`, COPIES_PER_HOUR, 60 * 60_000);
    await this.confirmFresh(p, body, ip, 'code-or-password');
    await this.db.transaction().execute(async (tx) => {
      // One snapshot of every table; the member's row locked so two requests make one copy after the other.
      const user = await tx
        .selectFrom('users')
        .select(['email'])
        .where('id', '=', p.userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const at = new Date();
      const copy = await buildMemberCopy(tx, p.userId, user.email, at);
      const row = {
        user_id: p.userId,
        status: 'ready' as const,
        file: Buffer.from(copy.zip),
        bytes: copy.zip.byteLength,
        files: copy.files,
        created_at: at,
        ready_at: new Date(),
        expires_at: new Date(at.getTime() + COPY_KEPT_MS),
      };
      await tx
        .insertInto('privacy_exports')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'privacy.export',
        entity: 'user',
        entityId: p.userId,
        after: { files: copy.files.length, bytes: copy.zip.byteLength },
      });
    });
    return this.exportState(p.userId);
  }

  async exportState(userId: bigint): Promise<PrivacyExportState> {
    const row = await this.db
      .selectFrom('privacy_exports')
      .select(['status', 'created_at', 'ready_at', 'expires_at', 'bytes', 'files'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row)
      return { status: 'none', created_at: null, ready_at: null, expires_at: null, bytes: null, files: [] };
    return {
      status: row.status as PrivacyExportState['status'],
      created_at: row.created_at.toISOString(),
      ready_at: row.ready_at?.toISOString() ?? null,
      expires_at: row.expires_at.toISOString(),
      bytes: row.bytes,
      files: row.files,
    };
  }

  /** The prepared zip, while it is kept. */
  async download(userId: bigint): Promise<{ file: Buffer; createdAt: Date }> {
    const row = await this.db
      .selectFrom('privacy_exports')
      .select(['file', 'created_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row?.file) throw notFound('Your copy is not ready or has expired: prepare a new one.');
    return { file: row.file, createdAt: row.created_at };
  }

  /**
   * What stops the account from being closed: money either way (any wallet not at zero, held income included),
   * a deposit or withdrawal still pending, a payout not yet paid, an active plan, an open compliance flag, an open
   * support ticket.
   */
  async blockers(userId: bigint, db: DbOrTx = this.db): Promise<PrivacyBlocker[]> {
    const out: PrivacyBlocker[] = [];
    const balances = await db
      .selectFrom('ledger_accounts')
      .select(['kind', 'asset', 'balance'])
      .where('owner_id', '=', userId)
      .where('balance', '<>', 0n)
      .orderBy('id')
      .execute();
    for (const b of balances) {
      out.push({
        kind: b.kind === 'held' ? 'held_income' : 'balance',
        wallet: b.kind,
        asset: b.asset,
        amount: formatUnits(b.balance),
      });
    }
    const { rows } = await sql<{ kind: PrivacyBlocker['kind']; n: number }>`
      SELECT 'withdrawal' AS kind, count(*)::int AS n FROM withdrawals WHERE user_id = ${userId} AND status = 'pending'
      UNION ALL
      SELECT 'deposit', count(*)::int FROM deposits
        WHERE user_id = ${userId} AND (status = 'pending' OR reorg_status = 'held')
      UNION ALL
      SELECT 'payout', count(*)::int FROM payouts p JOIN withdrawals w ON w.id = p.withdrawal_id
        WHERE w.user_id = ${userId} AND p.status <> 'paid' AND p.status <> 'failed'
      UNION ALL
      SELECT 'plan', count(*)::int FROM member_plans WHERE user_id = ${userId} AND status = 'active'
      UNION ALL
      SELECT 'ticket', count(*)::int FROM tickets WHERE user_id = ${userId} AND status IN ('open', 'in-progress')`.execute(
      db,
    );
    for (const r of rows) if (r.n > 0) out.push({ kind: r.kind, count: r.n });
    const flags = await openFlagsOf(db, userId);
    if (flags.length > 0) out.push({ kind: 'compliance', count: flags.length });
    return out;
  }

  /**
   * Closes the account and erases the member's personal data, once nothing is owed either way. One transaction:
   * the member's row locked first (so no money request of theirs runs in between), the blockers read again under
   * it, every table of `member-data.ts` erased, the account marked deleted as staff deletion does, audited.
   */
  async close(p: Principal, body: PrivacyCloseBody, ip: string): Promise<void> {
    if (p.role !== 'user')
      throw forbidden('Staff accounts are not closed here: an owner suspends them under Staff.');
    if (body.confirmation.trim().toUpperCase() !== CLOSE_ACCOUNT_CONFIRMATION) {
      throw badRequest('Type CLOSE MY ACCOUNT to confirm.', {
        confirmation: ['Type CLOSE MY ACCOUNT to confirm.'],
      });
    }
    await this.confirmFresh(p, body, ip, 'password-and-code');

    await this.db.transaction().execute(async (tx) => {
      const user = await tx
        .selectFrom('users')
        .select(['email', 'deleted_at'])
        .where('id', '=', p.userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (user.deleted_at !== null) throw conflict('This account is already closed.');
      const blockers = await this.blockers(p.userId, tx);
      if (blockers.length > 0) {
        throw conflict('Your account cannot be closed yet: money or matters are still open.', {
          blockers: blockers.map((b) =>
            [b.kind, b.wallet, b.asset, b.amount ?? b.count].filter((x) => x !== undefined).join(':'),
          ),
        });
      }
      const pseudonym = newPseudonym();
      const touched = await erasePersonalData(tx, p.userId, user.email, pseudonym);
      // Deleted as staff deletion marks a member (out of the uplines' teams, no longer an active direct).
      await markMemberDeleted(tx, p.userId);
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'privacy.close',
        entity: 'user',
        entityId: p.userId,
        after: { pseudonym, erased: touched },
      });
    });
  }
}
