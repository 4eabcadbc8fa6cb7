import { type ApprovalKind, approvalKinds } from '@sgx/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db';
import type { ApprovalsTable } from '../../db/schema';

export type Approval = Selectable<ApprovalsTable>;
/** What approving an approval of one kind runs, in the approval's transaction, as its requester's. */
export type ApprovalAction = (tx: Tx, a: Approval) => Promise<void>;

/** What a domain registers for one approval kind (decision 0059). */
export type ApprovalRegistration = {
  /** The same service code a one-admin action would run (decisions 0024, 0029). */
  run: ApprovalAction;
  /**
   * The subject's row, locked before the approval's, in the order the domain's own declining and cancelling
   * take them (a withdrawal, a deposit). Kinds whose subject is no row of their own register none.
   */
  lockSubject?: (tx: Tx, subjectId: bigint) => Promise<unknown>;
  /** Told after an approving transaction of this kind ended, done or refused (to drop kept settings at once). */
  afterApproving?: () => void;
  /**
   * A condition approving waits for (decision 0069: a change of the economic rules is approved only with its
   * simulation done). Throwing refuses this approving and leaves the approval pending, unlike a refusal of `run`,
   * which cancels it. Added by the composition (`guard`), never by the domain of the kind.
   */
  beforeApproving?: (tx: Tx, a: Approval) => Promise<void>;
};

/** Every kind with its one registration: what ApprovalsService is given. */
export type ApprovalRegistrations = Readonly<Record<ApprovalKind, ApprovalRegistration>>;

/**
 * The approvals core knows no domain (decision 0059): each domain registers its action and row lock by
 * kind, the composition (apps/api/src/composition/approvals.ts) fills the registry, and `sealed()` refuses
 * to start with a kind registered twice or not at all.
 */
export class ApprovalRegistry {
  private readonly byKind = new Map<ApprovalKind, ApprovalRegistration>();

  register(kind: ApprovalKind, registration: ApprovalRegistration): this {
    if (this.byKind.has(kind)) throw new Error(`Approval kind '${kind}' is registered twice.`);
    this.byKind.set(kind, registration);
    return this;
  }

  /** Adds a condition approving a kind waits for (the composition: the simulation of an economic change). */
  guard(kind: ApprovalKind, check: (tx: Tx, a: Approval) => Promise<void>): this {
    const registration = this.byKind.get(kind);
    if (!registration) throw new Error(`Approval kind '${kind}' is guarded before it is registered.`);
    if (registration.beforeApproving) throw new Error(`Approval kind '${kind}' is guarded twice.`);
    this.byKind.set(kind, { ...registration, beforeApproving: check });
    return this;
  }

  sealed(): ApprovalRegistrations {
    const missing = approvalKinds.filter((kind) => !this.byKind.has(kind));
    if (missing.length > 0)
      throw new Error(`No approval action registered for kind(s): ${missing.join(', ')}.`);
    return Object.fromEntries(this.byKind) as ApprovalRegistrations;
  }
}
