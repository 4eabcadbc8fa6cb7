import type { DbOrTx } from '../../db';

export type AuditEntry = {
  actorId: bigint | null;
  action: string;
  entity: string;
  entityId: string | bigint | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
};

const toJson = (v: unknown) =>
  v === undefined ? null : JSON.stringify(v, (_k, val) => (typeof val === 'bigint' ? val.toString() : val));

/** Writes one audit record. Call it inside the transaction that makes the change. */
export async function writeAudit(tx: DbOrTx, e: AuditEntry): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      actor_id: e.actorId,
      action: e.action,
      entity: e.entity,
      entity_id: e.entityId === null ? null : String(e.entityId),
      before: toJson(e.before),
      after: toJson(e.after),
      reason: e.reason ?? null,
    })
    .execute();
}
