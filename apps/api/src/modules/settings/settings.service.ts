import {
  type ApprovalRecord,
  type FeatureSwitch,
  featureClosedMessages,
  Settings,
  settingsFromRows,
  UpdateSettingsBody,
} from '@sgx/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db';
import { AppError, badRequest, conflict } from '../../http/errors';
import { canonicalJson } from '../../http/listing';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { diffChanges, fieldLabel, requestApproval } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';
import { ensureRuleVersion, recordRuleVersion } from '../rules/rule-versions';

type Key = keyof Settings;
type Patch = UpdateSettingsBody['settings'];

const ApprovedPayload = z.object({
  patch: UpdateSettingsBody.shape.settings,
  before: z.record(z.string(), z.unknown()),
});

const CHANNEL = 'settings_changed';

/** Closes a listening client for good; a late 'error' from it (its socket dying) is heard and ignored. */
function retire(c: pg.Client): Promise<void> {
  c.removeAllListeners();
  c.on('error', () => undefined);
  return c.end().catch(() => undefined);
}

/**
 * Settings are stored one row per top-level key; missing keys take the defaults of business-rules.md.
 *
 * Every money request reads them, so they are kept in memory once this instance LISTENs for changes
 * (`listen`): a change NOTIFYs every instance in its own transaction, and each drops its copy when told.
 * A read that a change overtook is not kept (generation counter), and while the listening connection is
 * down nothing is kept at all, so no instance acts on settings another one has changed.
 */
export class SettingsService {
  private cached: Settings | undefined;
  private generation = 0;
  private listening = false;

  constructor(private readonly db: Db) {}

  async all(tx: DbOrTx = this.db): Promise<Settings> {
    if (this.listening && this.cached) return this.cached;
    const generation = this.generation;
    const settings = await this.read(tx);
    if (this.listening && generation === this.generation) this.cached = settings;
    return settings;
  }

  private async read(tx: DbOrTx): Promise<Settings> {
    return settingsFromRows(await tx.selectFrom('settings').select(['key', 'value']).execute());
  }

  /** Forgets the kept copy; the next read goes to the database. */
  invalidate(): void {
    this.generation++;
    this.cached = undefined;
  }

  /**
   * Keeps settings in memory from now on, dropping them whenever any instance changes them. Returns a
   * stop function, which also tells whether the listening connection is up now (`listening()`, read by
   * the liveness check). A lost connection stops the keeping and is opened again after `retryMs`.
   */
  async listen(url: string, retryMs = 2_000): Promise<(() => Promise<void>) & { listening: () => boolean }> {
    let client: pg.Client | undefined;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    // One loss can be reported twice (the client's 'error' and its failed LISTEN): only the first counts.
    const lost = (c: pg.Client) => {
      if (client !== c) return;
      this.listening = false;
      this.invalidate();
      client = undefined;
      void retire(c);
      if (stopped) return;
      // Retrying never keeps a stopping process alive by itself.
      clearTimeout(timer);
      timer = setTimeout(() => void open(), retryMs);
      timer.unref();
    };
    const open = async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
      client = c;
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      c.on('notification', () => this.invalidate());
      try {
        await c.connect();
        await c.query(`LISTEN ${CHANNEL}`);
      } catch {
        lost(c);
        return;
      }
      if (stopped || client !== c) return;
      this.invalidate();
      this.listening = true;
    };
    await open();
    const stop = async () => {
      stopped = true;
      clearTimeout(timer);
      this.listening = false;
      this.invalidate();
      const c = client;
      client = undefined;
      if (c) await retire(c);
    };
    return Object.assign(stop, { listening: () => this.listening });
  }

  /** Changes settings in a transaction of its own (audited), then drops this instance's copy at once. */
  async change(actorId: bigint, patch: UpdateSettingsBody['settings'], reason: string): Promise<Settings> {
    try {
      return await this.db.transaction().execute((tx) => this.update(tx, actorId, patch, reason));
    } finally {
      this.invalidate();
    }
  }

  /**
   * A change an admin asks for (PUT /settings, the level settings): the feature switches apply at once;
   * a change of any other setting (an economic number) waits for a second admin (decision 0024) and comes
   * back as `awaiting`. Values are checked now, so a bad one is refused to the first admin.
   */
  async request(
    actorId: bigint,
    patch: Patch,
    reason: string,
    key: string,
  ): Promise<{ settings: Settings; awaiting: ApprovalRecord | null }> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const { features, ...economic } = patch;
        const before = await this.read(tx);
        const next = Settings.safeParse({ ...before, ...economic });
        if (!next.success) throw badRequest('Invalid settings.');
        const changed = (Object.keys(economic) as Key[]).filter(
          (k) => JSON.stringify(before[k]) !== JSON.stringify(next.data[k]),
        );
        const settings = features ? await this.update(tx, actorId, { features }, reason) : before;
        if (changed.length === 0) return { settings, awaiting: null };
        const was = Object.fromEntries(changed.map((k) => [k, before[k]]));
        const will = Object.fromEntries(changed.map((k) => [k, next.data[k]]));
        const awaiting = await requestApproval(tx, {
          kind: 'settings',
          requestKey: `settings:${actorId}:${key}`,
          requestedBy: actorId,
          summary:
            changed.length === 1
              ? `Change the setting ${fieldLabel(changed[0] ?? '')}.`
              : `Change ${changed.length} settings: ${changed.map(fieldLabel).join(', ')}.`,
          changes: diffChanges(was, will),
          payload: { patch: will, before: was },
          reason,
        });
        return { settings, awaiting };
      });
    } finally {
      this.invalidate();
    }
  }

  /**
   * An economic change a second admin approved, in the approval's transaction, as its requester's. Refused
   * when a setting it changes is no longer what the approver was shown (another change came first).
   */
  async applyApproved(
    tx: Tx,
    a: { id: bigint; requested_by: bigint; reason: string | null; payload: Record<string, unknown> },
  ): Promise<void> {
    const p = ApprovedPayload.parse(a.payload);
    const now = await this.read(tx);
    for (const [k, was] of Object.entries(p.before)) {
      if (canonicalJson(now[k as Key]) !== canonicalJson(was))
        throw conflict(`${fieldLabel(k)} changed since this was asked for; ask again.`);
    }
    await this.update(tx, a.requested_by, p.patch, a.reason ?? 'approved change', a.id);
  }

  /** Throws 403 with the switch's message ("Registration is closed.") when the feature is off. */
  async requireFeature(feature: FeatureSwitch, tx: DbOrTx = this.db): Promise<void> {
    const settings = await this.all(tx);
    if (!settings.features[feature]) throw new AppError('FEATURE_DISABLED', featureClosedMessages[feature]);
  }

  /** Only through change(): a read of the changed settings inside this transaction must never be kept. */
  private async update(
    tx: DbOrTx,
    actorId: bigint,
    patch: UpdateSettingsBody['settings'],
    reason: string,
    approvalId: bigint | null = null,
  ): Promise<Settings> {
    // The rules before a first change are version 1 (decision 0070).
    await ensureRuleVersion(tx);
    const before = await this.read(tx);
    const next = Settings.safeParse({
      ...before,
      ...patch,
      features: { ...before.features, ...(patch.features ?? {}) },
    });
    if (!next.success) throw badRequest('Invalid settings.');
    const changed = (Object.keys(patch) as Key[]).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(next.data[k]),
    );
    for (const key of changed) {
      const value = JSON.stringify(next.data[key]);
      await tx
        .insertInto('settings')
        .values({ key, value, updated_by: actorId, updated_at: new Date() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value, updated_by: actorId, updated_at: new Date() }),
        )
        .execute();
    }
    if (changed.length > 0) {
      // Delivered to every listening instance when this transaction commits.
      await sql`SELECT pg_notify(${CHANNEL}, '')`.execute(tx);
      this.invalidate();
      await writeAudit(tx, {
        actorId,
        action: 'settings.update',
        entity: 'settings',
        entityId: null,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next.data[k]])),
        reason,
      });
      await recordRuleVersion(tx, { cause: 'settings', actorId, reason, approvalId });
    }
    return next.data;
  }
}

/**
 * The settings' approval kind (decision 0059). This instance's kept settings go at once after approving (the
 * others drop theirs on the change's notice).
 */
export function registerSettingsApprovals(registry: ApprovalRegistry, settings: SettingsService): void {
  registry.register('settings', {
    run: (tx, a) => settings.applyApproved(tx, a),
    afterApproving: () => settings.invalidate(),
  });
}
