import { type ApprovalKind, type ApprovalRecord, type ApprovalStatus, approvalArea } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db';
import { type Principal, staffAllows } from '../../http/access';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import type { Approval, ApprovalRegistrations } from './approvals.registry';
import { approvalRecord, listApprovals, markDecided } from './approvals.repo';

export type { Approval, ApprovalAction } from './approvals.registry';

export const SAME_ADMIN_MESSAGE = 'You asked for this, so another admin must approve it.';
export const NOT_YOUR_DECISION_MESSAGE = 'Your staff role cannot decide this kind of request.';

/** The second admin must be allowed to make the decision itself (decision 0042): a support agent approves no payout. */
function assertMayDecide(principal: Principal, a: Approval): void {
  if (!staffAllows(principal, approvalArea[a.kind], 'write')) throw forbidden(NOT_YOUR_DECISION_MESSAGE);
}

/**
 * Deciding approvals (decision 0024). Approving runs the registered action of the approval's kind in the transaction that marks the
 * approval approved, with the approval's row locked, so two admins approving at once execute it once. The
 * action runs as its requester's; every audit row it writes also names the approval and the approver.
 */
export class ApprovalsService {
  constructor(
    private readonly db: Db,
    /** One registration per kind, filled by the composition (decision 0059). */
    private readonly kinds: ApprovalRegistrations,
  ) {}

  list(q: { page: number; limit: number; status?: ApprovalStatus | undefined }) {
    return listApprovals(this.db, q);
  }

  one(id: bigint): Promise<ApprovalRecord> {
    return approvalRecord(this.db, id);
  }

  private async lockPending(tx: Tx, id: bigint): Promise<Approval> {
    const a = await tx
      .selectFrom('approvals')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!a) throw notFound('Approval not found.');
    if (a.status !== 'pending') throw conflict(`This was already ${a.status}.`);
    return a;
  }

  /**
   * A second, different admin approves: the action runs now, in this transaction. When the action is
   * refused now (the withdrawal was declined meanwhile, the balance is no longer there, a setting changed
   * since), nothing of it is kept, the approval is marked cancelled with the refusal as its reason, and the
   * refusal is the answer.
   */
  async approve(principal: Principal, id: number, reason?: string): Promise<ApprovalRecord> {
    let kind: ApprovalKind | undefined;
    const refused = await this.db.transaction().execute(async (tx) => {
      // A withdrawal or deposit is locked before its approval, in the order declining and cancelling take them:
      // its domain registered the lock with its kind (decision 0059).
      const subject = await tx
        .selectFrom('approvals')
        .select(['kind', 'subject_id'])
        .where('id', '=', BigInt(id))
        .executeTakeFirst();
      const lockSubject = subject && this.kinds[subject.kind].lockSubject;
      if (lockSubject && subject.subject_id !== null) await lockSubject(tx, subject.subject_id);
      const a = await this.lockPending(tx, BigInt(id));
      if (a.requested_by === principal.userId) throw forbidden(SAME_ADMIN_MESSAGE);
      assertMayDecide(principal, a);
      // What this kind waits for (its simulation): refused, the approval stays pending.
      await this.kinds[a.kind].beforeApproving?.(tx, a);
      kind = a.kind;
      await sql`SAVEPOINT approval_action`.execute(tx);
      try {
        // Local to this transaction (and undone with the savepoint): read by audit_log's column defaults.
        await sql`SELECT set_config('sgx.approval_id', ${String(a.id)}, true),
                         set_config('sgx.approved_by', ${String(principal.userId)}, true)`.execute(tx);
        await this.kinds[a.kind].run(tx, a);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        await sql`ROLLBACK TO SAVEPOINT approval_action`.execute(tx);
        const why = `Refused when approved: ${err.message}`;
        await markDecided(tx, a.id, 'cancelled', principal.userId, why);
        await writeAudit(tx, {
          actorId: principal.userId,
          action: 'approval.refused',
          entity: 'approval',
          entityId: a.id,
          before: { status: 'pending' },
          after: { status: 'cancelled', kind: a.kind, requested_by: a.requested_by },
          reason: why,
        });
        return err;
      }
      await markDecided(tx, a.id, 'approved', principal.userId, reason);
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'approval.approve',
        entity: 'approval',
        entityId: a.id,
        before: { status: 'pending' },
        after: {
          status: 'approved',
          kind: a.kind,
          requested_by: a.requested_by,
          approved_by: principal.userId,
        },
        reason: reason || null,
      });
      return null;
    });
    if (kind !== undefined) this.kinds[kind].afterApproving?.();
    if (refused) throw refused;
    return this.one(BigInt(id));
  }

  /** Any admin says no: the requester's own 'no' withdraws the request (cancelled), another's rejects it. */
  async reject(principal: Principal, id: number, reason: string): Promise<ApprovalRecord> {
    await this.db.transaction().execute(async (tx) => {
      const a = await this.lockPending(tx, BigInt(id));
      const status = a.requested_by === principal.userId ? 'cancelled' : 'rejected';
      if (status === 'rejected') assertMayDecide(principal, a);
      await markDecided(tx, a.id, status, principal.userId, reason);
      await writeAudit(tx, {
        actorId: principal.userId,
        action: status === 'cancelled' ? 'approval.cancel' : 'approval.reject',
        entity: 'approval',
        entityId: a.id,
        before: { status: 'pending' },
        after: { status, kind: a.kind, requested_by: a.requested_by },
        reason,
      });
    });
    return this.one(BigInt(id));
  }
}
