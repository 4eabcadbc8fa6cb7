import type { Tx } from '../../db';
import { conflict, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { mailText } from '../mail/messages';
import { notifyMember } from '../notifications/events';
import { emit } from '../webhooks/emit';

/** Who decides: a compliance officer (owner or compliance role) in the queue, or an identity provider's webhook. */
export type DecidedBy = { kind: 'staff'; userId: bigint } | { kind: 'provider'; name: string };

/**
 * A decision on a submission. 'approved' / 'rejected' are first decisions; 'confirm' / 'overturn' are the second
 * look at a level-2 rejection (rejection_pending) by another compliance officer.
 */
export type IdentityDecision =
  | { outcome: 'approved' }
  | { outcome: 'rejected'; reason: string }
  | { outcome: 'confirm' | 'overturn' };

export type DecidedState = 'approved' | 'rejected' | 'rejection_pending';

const actorOf = (by: DecidedBy) => (by.kind === 'staff' ? by.userId : null);

/**
 * The one rule of identity decisions (decision 0074), for the review queue and the providers alike, in the caller's
 * transaction: locks the submission; an approval sets `users.identity_level` (never lowers it) and, at level 1,
 * `users.country`; a level-1 rejection is final; a level-2 rejection waits for a second compliance officer
 * (rejection_pending), who confirms it or overturns it (approves) and must not be the one who proposed it. Every
 * step is audited; the member is told of each final decision in their language, and each final decision is a signed
 * webhook event (`identity.approved` / `identity.rejected`: who, which level, the reason; never what the member typed
 * or a document).
 */
export async function decideSubmission(
  tx: Tx,
  submissionId: bigint,
  decision: IdentityDecision,
  by: DecidedBy,
): Promise<DecidedState> {
  const s = await tx
    .selectFrom('identity_submissions as s')
    .innerJoin('users as u', 'u.id', 's.member_id')
    .select([
      's.id',
      's.member_id',
      's.level',
      's.state',
      's.country',
      's.reviewer_id',
      's.reason',
      'u.identity_level',
      'u.locale',
      'u.username',
    ])
    .where('s.id', '=', submissionId)
    .forUpdate('s')
    .executeTakeFirst();
  if (!s) throw notFound('No such identity submission.');
  const second = decision.outcome === 'confirm' || decision.outcome === 'overturn';
  if (second) {
    if (s.state !== 'rejection_pending')
      throw conflict('Only a level-2 rejection waiting for its second look can be confirmed or overturned.');
    if (by.kind === 'staff' && s.reviewer_id === by.userId)
      throw forbidden('The second look is for another compliance officer: you proposed this rejection.');
  } else if (s.state === 'rejection_pending')
    throw conflict('This rejection waits for a second compliance officer to confirm or overturn it.');
  else if (s.state !== 'submitted') throw conflict('This submission is already decided.');

  const approve = decision.outcome === 'approved' || decision.outcome === 'overturn';
  if (approve && s.level === 2 && s.identity_level < 1)
    throw conflict('Level 1 must be approved before level 2.');
  const actor = actorOf(by);
  const reason = decision.outcome === 'rejected' ? decision.reason : s.reason;
  const state: DecidedState = approve
    ? 'approved'
    : decision.outcome === 'rejected' && s.level === 2
      ? 'rejection_pending'
      : 'rejected';
  const now = new Date();
  await tx
    .updateTable('identity_submissions')
    .set({
      state,
      reason: approve ? null : reason,
      ...(second
        ? { second_reviewer_id: actor }
        : { reviewer_id: actor, reviewed_at: now, ...(by.kind === 'provider' ? { provider: by.name } : {}) }),
      ...(state === 'rejection_pending' ? {} : { decided_at: now }),
    })
    .where('id', '=', s.id)
    .execute();
  if (approve) {
    await tx
      .updateTable('users')
      .set((eb) => ({
        identity_level: eb.fn('greatest', [eb.ref('identity_level'), eb.val(s.level)]),
        ...(s.level === 1 && s.country ? { country: s.country } : {}),
      }))
      .where('id', '=', s.member_id)
      .execute();
  }
  await writeAudit(tx, {
    actorId: actor,
    action: second
      ? `identity.second_look.${decision.outcome}`
      : state === 'rejection_pending'
        ? 'identity.reject_proposed'
        : approve
          ? 'identity.approve'
          : 'identity.reject',
    entity: 'identity_submission',
    entityId: s.id,
    before: { state: s.state, identity_level: s.identity_level },
    after: {
      state,
      member_id: s.member_id,
      level: s.level,
      ...(by.kind === 'provider' ? { provider: by.name } : {}),
    },
    reason: approve ? null : reason,
  });
  if (state !== 'rejection_pending') {
    const level = s.level;
    await notifyMember(tx, {
      userId: s.member_id,
      kind: approve ? 'identity_approved' : 'identity_rejected',
      key: `identity-decision:${s.id}`,
      title: mailText(s.locale, approve ? 'identity.approved.title' : 'identity.rejected.title', { level }),
      message: approve
        ? mailText(s.locale, 'identity.approved.body', { level })
        : mailText(s.locale, 'identity.rejected.body', { level, reason: reason ?? '' }),
      link: '/user/identity',
    });
    await emit(tx, approve ? 'identity.approved' : 'identity.rejected', {
      submission_id: s.id,
      member_id: s.member_id,
      username: s.username,
      level,
      status: state,
      ...(approve ? {} : { reason: reason ?? '' }),
      decided_by: by.kind === 'provider' ? by.name : 'review',
      decided_at: now.toISOString(),
    });
  }
  return state;
}
