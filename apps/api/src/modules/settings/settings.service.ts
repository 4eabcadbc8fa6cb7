import {
  defaultSettings,
  type FeatureSwitch,
  featureClosedMessages,
  Settings,
  type UpdateSettingsBody,
} from '@sgx/contracts';
import type { Db, DbOrTx } from '../../db';
import { AppError, badRequest } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';

type Key = keyof Settings;

/** Settings are stored one row per top-level key; missing keys take the defaults of business-rules.md. */
export class SettingsService {
  constructor(private readonly db: Db) {}

  async all(tx: DbOrTx = this.db): Promise<Settings> {
    const rows = await tx.selectFrom('settings').select(['key', 'value']).execute();
    const merged: Record<string, unknown> = { ...defaultSettings };
    for (const r of rows) if (r.key in defaultSettings) merged[r.key] = r.value;
    if (merged.features && typeof merged.features === 'object') {
      merged.features = { ...defaultSettings.features, ...(merged.features as object) };
    }
    const parsed = Settings.safeParse(merged);
    return parsed.success ? parsed.data : defaultSettings;
  }

  /** Throws 403 with the switch's message ("Registration is closed.") when the feature is off. */
  async requireFeature(feature: FeatureSwitch, tx: DbOrTx = this.db): Promise<void> {
    const settings = await this.all(tx);
    if (!settings.features[feature]) throw new AppError('FEATURE_DISABLED', featureClosedMessages[feature]);
  }

  async update(
    tx: DbOrTx,
    actorId: bigint,
    patch: UpdateSettingsBody['settings'],
    reason: string,
  ): Promise<Settings> {
    const before = await this.all(tx);
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
      await writeAudit(tx, {
        actorId,
        action: 'settings.update',
        entity: 'settings',
        entityId: null,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next.data[k]])),
        reason,
      });
    }
    return next.data;
  }
}
