import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  WEBHOOK_PING,
  type WebhookAttempt,
  type WebhookCreateBody,
  type WebhookEditBody,
  type WebhookEndpoint,
  webhookEventTypes,
} from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db';
import { businessRule, forbidden, notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { writeAudit } from '../audit/audit.repo';
import { resolveStaffAlert } from '../notifications/staff-alerts';
import { alertKeys } from './dispatcher';
import { checkTargetUrl, isPublicAddress, type NetPolicy, TargetRefused } from './net-guard';
import { newSigningSecret } from './signing';

/** During a rotation the previous secret signs too, for this long. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
const LOG_ROWS = 100;

/**
 * Owners' webhook endpoints (decision 0072): made and rotated with the owner's authenticator code (checked before
 * the transaction), every change audited; the signing secret is in the answer that makes it, never again.
 */
export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly policy: NetPolicy,
    /**
     * The second-factor check (auth's requireSecondFactor, given by app.ts: auth itself emits webhook events):
     * true when the code was right, false when the account has no second factor.
     */
    private readonly secondFactor: (
      who: { userId: bigint; sessionId: bigint },
      code: string,
    ) => Promise<boolean>,
  ) {}

  async list(): Promise<{ endpoints: WebhookEndpoint[]; event_types: string[] }> {
    return { endpoints: await this.endpoints(this.db), event_types: [...webhookEventTypes] };
  }

  async create(p: Principal, b: WebhookCreateBody) {
    await this.ownerCode(p, b.code);
    const url = await this.checkTarget(b.url);
    const secret = newSigningSecret();
    const endpoint = await this.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('webhook_endpoints')
        .values({ url, events: b.events, description: b.description, created_by: p.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('webhook_secrets').values({ endpoint_id: row.id, secret }).execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'webhook.create',
        entity: 'webhook_endpoint',
        entityId: row.id,
        after: { url, events: b.events, description: b.description },
      });
      return this.one(tx, row.id);
    });
    return { endpoint, secret };
  }

  async edit(p: Principal, id: number, b: WebhookEditBody): Promise<WebhookEndpoint> {
    return this.change(p, id, 'webhook.edit', b, (tx) =>
      tx
        .updateTable('webhook_endpoints')
        .set({ events: b.events, description: b.description, updated_at: new Date() })
        .where('id', '=', BigInt(id))
        .execute(),
    );
  }

  async setEnabled(p: Principal, id: number, enabled: boolean): Promise<WebhookEndpoint> {
    const endpoint = await this.change(
      p,
      id,
      enabled ? 'webhook.enable' : 'webhook.disable',
      { enabled },
      (tx) =>
        tx
          .updateTable('webhook_endpoints')
          .set(
            enabled
              ? {
                  enabled,
                  disabled_at: null,
                  disabled_reason: null,
                  consecutive_failures: 0,
                  failing_since: null,
                }
              : { enabled, disabled_at: new Date(), disabled_reason: 'Disabled by an owner.' },
          )
          .where('id', '=', BigInt(id))
          .execute(),
    );
    if (enabled) for (const k of alertKeys(BigInt(id))) await resolveStaffAlert(this.db, k);
    return endpoint;
  }

  /** A new current secret; the previous one signs on for ROTATION_OVERLAP_MS (older ones stop now). */
  async rotate(p: Principal, id: number, code: string) {
    await this.ownerCode(p, code);
    const secret = newSigningSecret();
    const now = new Date();
    const endpoint = await this.change(p, id, 'webhook.rotate_secret', { overlap_hours: 24 }, async (tx) => {
      await tx
        .updateTable('webhook_secrets')
        .set({ expires_at: now })
        .where('endpoint_id', '=', BigInt(id))
        .where('expires_at', 'is not', null)
        .where('expires_at', '>', now)
        .execute();
      await tx
        .updateTable('webhook_secrets')
        .set({ expires_at: new Date(now.getTime() + ROTATION_OVERLAP_MS) })
        .where('endpoint_id', '=', BigInt(id))
        .where('expires_at', 'is', null)
        .execute();
      await tx
        .insertInto('webhook_secrets')
        .values({ endpoint_id: BigInt(id), secret })
        .execute();
    });
    return { endpoint, secret };
  }

  async remove(p: Principal, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const before = await this.one(tx, BigInt(id));
      await tx.deleteFrom('webhook_endpoints').where('id', '=', BigInt(id)).execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'webhook.delete',
        entity: 'webhook_endpoint',
        entityId: BigInt(id),
        before: { url: before.url, events: before.events },
      });
    });
    for (const k of alertKeys(BigInt(id))) await resolveStaffAlert(this.db, k);
  }

  /** A `ping` event for this endpoint alone, through the outbox like any other. */
  async ping(p: Principal, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const e = await this.one(tx, BigInt(id));
      if (!e.enabled) throw businessRule('Enable the endpoint first: a disabled endpoint is sent nothing.');
      await tx
        .insertInto('webhook_events')
        .values({
          type: WEBHOOK_PING,
          data: JSON.stringify({ text: 'A test ping from SocialGenX.', endpoint_id: String(id) }),
          endpoint_id: BigInt(id),
        })
        .execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'webhook.ping',
        entity: 'webhook_endpoint',
        entityId: BigInt(id),
      });
    });
  }

  /** Sends a delivery again (its event, id and sequence unchanged), at the next round. */
  async redeliver(p: Principal, id: number, deliveryId: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const e = await this.one(tx, BigInt(id));
      if (!e.enabled) throw businessRule('Enable the endpoint first: a disabled endpoint is sent nothing.');
      const d = await tx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: new Date(), manual: true })
        .where('id', '=', BigInt(deliveryId))
        .where('endpoint_id', '=', BigInt(id))
        .returning(['event_id'])
        .executeTakeFirst();
      if (!d) throw notFound('Delivery not found.');
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'webhook.redeliver',
        entity: 'webhook_endpoint',
        entityId: BigInt(id),
        after: { delivery_id: String(deliveryId), event_id: d.event_id },
      });
    });
  }

  /** The endpoint's latest attempts, newest first. */
  async log(id: number): Promise<WebhookAttempt[]> {
    await this.one(this.db, BigInt(id));
    const rows = await this.db
      .selectFrom('webhook_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .select([
        'a.id',
        'a.delivery_id',
        'd.event_id',
        'ev.type as event_type',
        'd.sequence',
        'a.attempted_at',
        'a.http_status',
        'a.latency_ms',
        'a.response_excerpt',
        'a.error',
        'a.manual',
        'd.status as delivery_status',
      ])
      .where('a.endpoint_id', '=', BigInt(id))
      .orderBy('a.id', 'desc')
      .limit(LOG_ROWS)
      .execute();
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      delivery_id: Number(r.delivery_id),
      sequence: Number(r.sequence),
      attempted_at: r.attempted_at.toISOString(),
      delivery_status: r.delivery_status as WebhookAttempt['delivery_status'],
    }));
  }

  /** The URL's checks, then (where private targets are refused) every address its name has now. */
  private async checkTarget(raw: string): Promise<string> {
    try {
      const url = checkTargetUrl(raw, this.policy);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!this.policy.allowPrivate && !isIP(host)) {
        const addresses = await lookup(host, { all: true }).catch(() => {
          throw businessRule('The endpoint address does not resolve: check its name.');
        });
        if (addresses.some((a) => !isPublicAddress(a.address)))
          throw new TargetRefused('private', 'not public');
      }
      return url.toString();
    } catch (err) {
      if (!(err instanceof TargetRefused)) throw err;
      if (err.reason === 'scheme') throw businessRule('The endpoint must be an https address.');
      if (err.reason === 'credentials')
        throw businessRule('The endpoint address must not hold a user or password.');
      throw businessRule('The endpoint must be on the public internet, not a private or loopback address.');
    }
  }

  private async ownerCode(p: Principal, code: string): Promise<void> {
    const on = await this.secondFactor({ userId: p.userId, sessionId: p.sessionId }, code);
    if (!on) throw forbidden('Set up two-factor sign-in first: webhook endpoints need its code.');
  }

  private async change(
    p: Principal,
    id: number,
    action: string,
    after: unknown,
    work: (tx: Tx) => Promise<unknown>,
  ): Promise<WebhookEndpoint> {
    return this.db.transaction().execute(async (tx) => {
      const before = await this.one(tx, BigInt(id), true);
      await work(tx);
      await writeAudit(tx, {
        actorId: p.userId,
        action,
        entity: 'webhook_endpoint',
        entityId: BigInt(id),
        before: { events: before.events, description: before.description, enabled: before.enabled },
        after,
      });
      return this.one(tx, BigInt(id));
    });
  }

  private async one(db: DbOrTx, id: bigint, lock = false): Promise<WebhookEndpoint> {
    const [e] = await this.endpoints(db, id, lock);
    if (!e) throw notFound('Webhook endpoint not found.');
    return e;
  }

  private async endpoints(db: DbOrTx, id?: bigint, lock = false): Promise<WebhookEndpoint[]> {
    const { rows } = await sql<{
      id: bigint;
      url: string;
      events: string[];
      description: string;
      enabled: boolean;
      disabled_reason: string | null;
      consecutive_failures: number;
      previous_secret_until: Date | null;
      created_at: Date;
      last_delivery_at: Date | null;
    }>`
      SELECT e.id, e.url, e.events, e.description, e.enabled, e.disabled_reason, e.consecutive_failures, e.created_at,
             (SELECT max(s.expires_at) FROM webhook_secrets s
              WHERE s.endpoint_id = e.id AND s.expires_at > now()) AS previous_secret_until,
             (SELECT a.attempted_at FROM webhook_attempts a WHERE a.endpoint_id = e.id ORDER BY a.id DESC LIMIT 1)
               AS last_delivery_at
      FROM webhook_endpoints e
      WHERE ${id === undefined ? sql`true` : sql`e.id = ${id}`}
      ORDER BY e.id
      ${lock ? sql`FOR UPDATE OF e` : sql``}`.execute(db);
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      previous_secret_until: r.previous_secret_until?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
      last_delivery_at: r.last_delivery_at?.toISOString() ?? null,
    }));
  }
}
