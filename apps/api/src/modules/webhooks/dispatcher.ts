import { sql } from 'kysely';
import type { Db, Tx } from '../../db';
import type { Warn } from '../../log';
import { writeAudit } from '../audit/audit.repo';
import type { Mailer } from '../mail/mailer';
import {
  markStaffAlertMailed,
  openStaffAlert,
  ownerEmails,
  resolveStaffAlert,
} from '../notifications/staff-alerts';
import { type PostResult, postSigned } from './http-post';
import type { NetPolicy } from './net-guard';
import { SIGNATURE_HEADER, signatureHeader } from './signing';

/** Attempts of one delivery go on for three days after the event; then it is given up ('failed'). */
export const GIVE_UP_MS = 3 * 24 * 3_600_000;
/** An endpoint failing this many attempts in a row (or failing for GIVE_UP_MS) is disabled. */
export const MAX_CONSECUTIVE_FAILURES = 20;
/** Owners are told when an endpoint has failed this many attempts in a row (and when it is disabled). */
export const WARN_AT_FAILURES = [5, 10, 15] as const;
/** A claimed delivery is due again after this long if its deliverer died (a crash, a kill -9). */
export const LEASE_MS = 60_000;

/** The wait before attempt n+1 after n failed ones: 10 s doubling each time, at most 6 h. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

type Claimed = {
  id: bigint;
  endpoint_id: bigint;
  event_id: string;
  sequence: bigint;
  attempts: number;
  created_at: Date;
  manual: boolean;
  url: string;
  type: string;
  event_created_at: Date;
  data: unknown;
  secrets: string[];
};

type Notice = { endpointId: bigint; url: string; failures: number; disabled: boolean; recovered?: true };

/** The back-office alerts of an endpoint's failures: one key per level, each mailed once. */
export const alertKeys = (endpointId: bigint) => [
  ...WARN_AT_FAILURES.map((n) => `webhook:${endpointId}:${n}`),
  `webhook:${endpointId}:disabled`,
];

/**
 * The outbox's two workers (decision 0072), run in every API process that runs jobs (jobs/runner.ts) and by tests
 * with a clock of their own:
 * - `dispatch`: takes undispatched events (FOR UPDATE SKIP LOCKED: instances share the work, and an event whose
 *   transaction has not committed is not seen, so none is skipped the way a max-id cursor would), makes one delivery
 *   per endpoint that wants it and numbers them per endpoint, in one statement;
 * - `deliver`: claims due deliveries (SKIP LOCKED, and pushed ahead by a lease so no other instance sends the same
 *   attempt while it runs; a dead deliverer's lease runs out and the delivery is due again), POSTs them signed,
 *   logs each attempt, and moves each delivery on: delivered, again after a growing wait, or given up after three
 *   days. An endpoint failing 20 attempts in a row (or for three days) is disabled; owners are told at 5, 10, 15 and
 *   at the disabling, in the back-office banner and by e-mail.
 * Delivery is at least once: a crash between the POST and its record sends it again, with the same event id.
 */
export class WebhookDispatcher {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly policy: NetPolicy,
    private readonly mailer: Mailer | undefined,
    private readonly warn: Warn,
  ) {}

  /** Makes the deliveries of up to `limit` undispatched events; returns how many events it took. */
  async dispatch(limit = 500): Promise<number> {
    const { rows } = await sql<{ events: number }>`
      WITH ev AS (
        SELECT id, type, endpoint_id, created_at FROM webhook_events
        WHERE NOT dispatched ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ), pairs AS (
        SELECT ev.id AS event_id, e.id AS endpoint_id,
               row_number() OVER (PARTITION BY e.id ORDER BY ev.created_at, ev.id) AS n
        FROM ev JOIN webhook_endpoints e
          ON CASE WHEN ev.endpoint_id IS NULL THEN e.enabled AND ev.type = ANY (e.events) ELSE e.id = ev.endpoint_id END
      ), counts AS (
        SELECT endpoint_id, count(*) AS c FROM pairs GROUP BY endpoint_id
      ), bumped AS (
        UPDATE webhook_endpoints e SET last_sequence = e.last_sequence + counts.c
        FROM counts WHERE e.id = counts.endpoint_id
        RETURNING e.id, e.last_sequence - counts.c AS base
      ), made AS (
        INSERT INTO webhook_deliveries (endpoint_id, event_id, sequence)
        SELECT p.endpoint_id, p.event_id, b.base + p.n FROM pairs p JOIN bumped b ON b.id = p.endpoint_id
        RETURNING 1
      ), marked AS (
        UPDATE webhook_events w SET dispatched = true FROM ev WHERE w.id = ev.id RETURNING 1
      )
      SELECT (SELECT count(*) FROM marked)::int AS events, (SELECT count(*) FROM made)::int AS deliveries`.execute(
      this.db,
    );
    return rows[0]?.events ?? 0;
  }

  /** Claims up to `limit` deliveries due at `now`, sends them, records what happened; returns how many it sent. */
  async deliver(now: Date = new Date(), limit = 100): Promise<number> {
    const claimed = await this.claim(now, limit);
    if (claimed.length === 0) return 0;
    const results = await Promise.all(
      claimed.map((c) => {
        const body = JSON.stringify({
          id: c.event_id,
          type: c.type,
          created_at: c.event_created_at.toISOString(),
          sequence: Number(c.sequence),
          data: c.data,
        });
        const signature = signatureHeader(c.secrets, body, new Date());
        return postSigned(
          c.url,
          body,
          { [SIGNATURE_HEADER]: signature, 'X-SGX-Event-Id': c.event_id },
          this.policy,
        );
      }),
    );
    const notices = await this.db.transaction().execute((tx) => this.record(tx, claimed, results, now));
    await this.tell(notices);
    return claimed.length;
  }

  private async claim(now: Date, limit: number): Promise<Claimed[]> {
    const lease = new Date(now.getTime() + LEASE_MS);
    // `now` is a millisecond, and a delivery made by `dispatch` is due at the database's microsecond (its default
    // now()): one made in the same millisecond as `now` is due by then, so the bound is the millisecond's end.
    const end = new Date(now.getTime() + 1);
    const { rows } = await sql<Claimed>`
      WITH c AS (
        SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.status = 'pending' AND d.next_attempt_at < ${end} AND e.enabled
        ORDER BY d.next_attempt_at, d.id LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED
      ), claimed AS (
        UPDATE webhook_deliveries d SET next_attempt_at = ${lease}, attempts = d.attempts + 1
        FROM c WHERE d.id = c.id
        RETURNING d.id, d.endpoint_id, d.event_id, d.sequence, d.attempts, d.created_at, d.manual
      )
      SELECT claimed.*, e.url, ev.type, ev.created_at AS event_created_at, ev.data,
             ARRAY(SELECT s.secret FROM webhook_secrets s
                   WHERE s.endpoint_id = e.id AND (s.expires_at IS NULL OR s.expires_at > ${now})
                   ORDER BY s.expires_at IS NOT NULL, s.id DESC) AS secrets
      FROM claimed JOIN webhook_endpoints e ON e.id = claimed.endpoint_id
      JOIN webhook_events ev ON ev.id = claimed.event_id`.execute(this.db);
    return rows;
  }

  private async record(tx: Tx, claimed: Claimed[], results: PostResult[], now: Date): Promise<Notice[]> {
    await tx
      .insertInto('webhook_attempts')
      .values(
        claimed.map((c, i) => {
          const r = results[i] as PostResult;
          return {
            delivery_id: c.id,
            endpoint_id: c.endpoint_id,
            attempted_at: now,
            http_status: r.status,
            latency_ms: r.latencyMs,
            response_excerpt: r.excerpt,
            error: r.error ?? (ok(r) ? null : `HTTP ${r.status}`),
            manual: c.manual,
          };
        }),
      )
      .execute();
    const status = claimed.map((c, i) =>
      ok(results[i] as PostResult)
        ? 'delivered'
        : now.getTime() - c.created_at.getTime() >= GIVE_UP_MS
          ? 'failed'
          : 'pending',
    );
    const next = claimed.map((c) => new Date(now.getTime() + retryDelayMs(c.attempts)).toISOString());
    await sql`
      UPDATE webhook_deliveries d
      SET status = r.status, manual = false, next_attempt_at = r.next_at,
          delivered_at = CASE WHEN r.status = 'delivered' THEN ${now}::timestamptz END
      FROM unnest(${claimed.map((c) => c.id.toString())}::bigint[], ${status}::text[], ${next}::timestamptz[])
        AS r(id, status, next_at)
      WHERE d.id = r.id`.execute(tx);
    // Each endpoint's run of failures, in the order of the attempts, under its row lock.
    const ids = [...new Set(claimed.map((c) => c.endpoint_id))].sort((a, b) => (a < b ? -1 : 1));
    const endpoints = await tx
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'enabled', 'consecutive_failures', 'failing_since'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    const notices: Notice[] = [];
    for (const e of endpoints) {
      let failures = e.consecutive_failures;
      let since = e.failing_since;
      let disable = false;
      for (const [i, c] of claimed.entries()) {
        if (c.endpoint_id !== e.id) continue;
        if (ok(results[i] as PostResult)) {
          if (failures >= WARN_AT_FAILURES[0])
            notices.push({ endpointId: e.id, url: e.url, failures, disabled: false, recovered: true });
          failures = 0;
          since = null;
          continue;
        }
        failures += 1;
        since ??= now;
        const tooLong = now.getTime() - since.getTime() >= GIVE_UP_MS;
        if (e.enabled && !disable && (failures >= MAX_CONSECUTIVE_FAILURES || tooLong)) disable = true;
        else if ((WARN_AT_FAILURES as readonly number[]).includes(failures))
          notices.push({ endpointId: e.id, url: e.url, failures, disabled: false });
      }
      await tx
        .updateTable('webhook_endpoints')
        .set({
          consecutive_failures: failures,
          failing_since: since,
          ...(disable
            ? {
                enabled: false,
                disabled_at: now,
                disabled_reason: `Disabled after ${failures} failed deliveries in a row.`,
              }
            : {}),
        })
        .where('id', '=', e.id)
        .execute();
      if (disable) {
        notices.push({ endpointId: e.id, url: e.url, failures, disabled: true });
        await writeAudit(tx, {
          actorId: null,
          action: 'webhook.disabled',
          entity: 'webhook_endpoint',
          entityId: e.id,
          after: { consecutive_failures: failures },
          reason: 'failing deliveries',
        });
      }
    }
    return notices;
  }

  /** The owners' banner, and an e-mail to every owner, of an endpoint failing (5, 10, 15) or disabled. */
  private async tell(notices: Notice[]): Promise<void> {
    for (const n of notices) {
      const key = `webhook:${n.endpointId}:${n.disabled ? 'disabled' : n.failures}`;
      // A later level replaces the earlier ones; a success closes them all.
      for (const k of alertKeys(n.endpointId))
        if (n.recovered || k !== key) await resolveStaffAlert(this.db, k).catch(() => false);
      if (n.recovered) continue;
      const message = n.disabled
        ? `Webhook endpoint ${n.url} was disabled after ${n.failures} failed deliveries in a row: fix it, then enable it again.`
        : `Webhook endpoint ${n.url} has failed ${n.failures} deliveries in a row; it is disabled at ${MAX_CONSECUTIVE_FAILURES}.`;
      try {
        const alert = await openStaffAlert(this.db, {
          kind: 'webhook',
          dedupeKey: key,
          message,
          link: '/admin/webhooks',
        });
        if (!(await markStaffAlertMailed(this.db, alert.id)) || !this.mailer) continue;
        for (const to of await ownerEmails(this.db))
          await this.mailer.send({
            to,
            subject: n.disabled
              ? 'SocialGenX webhook endpoint disabled'
              : 'SocialGenX webhook endpoint failing',
            text: `${message}\n\nThe delivery log: /admin/webhooks.`,
          });
      } catch (err) {
        this.warn({ err, endpoint: n.endpointId.toString() }, 'webhook failure notice not sent');
      }
    }
  }

  /** Runs dispatch and deliver until stopped, at once while there is work, every `pollMs` otherwise. */
  start(pollMs: number): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let busy = 0;
        try {
          busy = (await this.dispatch()) + (await this.deliver());
        } catch (err) {
          this.warn({ err }, 'webhook delivery round failed');
        }
        if (busy === 0 && this.running)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }
}

const ok = (r: PostResult) => r.status !== null && r.status >= 200 && r.status < 300;
