import {
  amountOut,
  type RulePlan,
  RuleSet,
  type RuleVersionRecord,
  rulePlanFieldLabels,
  settingsFromRows,
} from '@sgx/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { notFound } from '../../http/errors';
import { canonicalJson } from '../../http/listing';
import { diffChanges } from '../approvals/approvals.repo';

/**
 * Rule versions (decision 0070): the economic rules in force, numbered. The one place that writes them: the
 * settings service and the plans service call `recordRuleVersion` in the transaction of every change they make,
 * after it (nothing is written when the rules came out the same), and `ensureRuleVersion` before it, so the rules
 * found before the first change are version 1. Every income credit names the version in force when it was posted
 * (ledger_post_many.sql writes `details.rule_version`), so a member's income row says which rules computed it.
 */

type Cause = 'initial' | 'settings' | 'plan';
export type RuleChange = {
  cause: Exclude<Cause, 'initial'>;
  actorId: bigint | null;
  reason?: string | null;
  approvalId?: bigint | null;
};

/** The rules in force now, as this transaction sees them: the settings merged with their defaults, every plan. */
export async function currentRules(tx: DbOrTx): Promise<RuleSet> {
  const [rows, plans] = await Promise.all([
    tx.selectFrom('settings').select(['key', 'value']).execute(),
    tx
      .selectFrom('plans')
      .select([
        'id',
        'name',
        'monthly_price',
        'roi_day',
        'sponsor_bonus',
        'plan_period',
        'active',
        'deleted_at',
      ])
      .orderBy('id')
      .execute(),
  ]);
  return {
    settings: settingsFromRows(rows),
    plans: plans.map(
      (p): RulePlan => ({
        id: Number(p.id),
        name: p.name,
        monthly_price: amountOut(p.monthly_price),
        roi_day: amountOut(p.roi_day),
        sponsor_bonus: amountOut(p.sponsor_bonus),
        plan_period: p.plan_period,
        active: p.active,
        deleted: p.deleted_at !== null,
      }),
    ),
  };
}

/** Versions are numbered one after another: writers take turns (held to the end of the transaction). */
const takeTurn = (tx: DbOrTx) => sql`SELECT pg_advisory_xact_lock(hashtext('rule_versions'))`.execute(tx);

const latest = (tx: DbOrTx) =>
  tx
    .selectFrom('rule_versions')
    .select(['version', 'rules'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Writes version 1 from the rules as they are now when no version exists yet (before a first change, at start). */
export async function ensureRuleVersion(tx: DbOrTx): Promise<void> {
  if (await latest(tx)) return;
  await takeTurn(tx);
  if (await latest(tx)) return;
  await tx
    .insertInto('rule_versions')
    .values({ version: 1n, rules: JSON.stringify(await currentRules(tx)), cause: 'initial' })
    .execute();
}

/**
 * After a change of settings or plans, in its transaction: a new version when the rules differ from the latest
 * one. Returns the version in force after the change.
 */
export async function recordRuleVersion(tx: DbOrTx, change: RuleChange): Promise<bigint> {
  await takeTurn(tx);
  const last = await latest(tx);
  const rules = await currentRules(tx);
  if (last && canonicalJson(last.rules) === canonicalJson(rules)) return last.version;
  const version = (last?.version ?? 0n) + 1n;
  await tx
    .insertInto('rule_versions')
    .values({
      version,
      rules: JSON.stringify(rules),
      cause: change.cause,
      changed_by: change.actorId,
      reason: change.reason ?? null,
      approval_id: change.approvalId ?? null,
    })
    .execute();
  return version;
}

const shown = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

/**
 * What changed from one rule set to the next, one line a field: the settings by their labels ("Level percents 1"),
 * each plan's fields by theirs ("Plan 2 (Gold): Daily ROI %"), a plan added or gone as one line.
 */
export function ruleChanges(before: RuleSet | null, after: RuleSet): RuleVersionRecord['changes'] {
  if (!before) return [];
  const settings = diffChanges(before.settings, after.settings).map((c) => ({
    field: c.field,
    from: c.before || null,
    to: c.after || null,
  }));
  const was = new Map(before.plans.map((p) => [p.id, p]));
  const now = new Map(after.plans.map((p) => [p.id, p]));
  const plans = [...new Set([...was.keys(), ...now.keys()])]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const b = was.get(id);
      const a = now.get(id);
      const title = `Plan ${id} (${(a ?? b)?.name ?? ''})`;
      if (!b || !a) return [{ field: title, from: b ? 'on the books' : null, to: a ? 'on the books' : null }];
      return (Object.keys(rulePlanFieldLabels) as (keyof typeof rulePlanFieldLabels)[])
        .filter((k) => canonicalJson(b[k]) !== canonicalJson(a[k]))
        .map((k) => ({ field: `${title}: ${rulePlanFieldLabels[k]}`, from: shown(b[k]), to: shown(a[k]) }));
    });
  return [...settings, ...plans];
}

type Row = {
  version: bigint;
  rules: unknown;
  from_at: Date;
  until: Date | null;
  cause: string;
  changed_by: string | null;
  reason: string | null;
  approval_id: bigint | null;
  previous: unknown;
};

const rowsOf = (tx: DbOrTx) =>
  sql<Row>`SELECT v.version, v.rules, v.from_at, lead(v.from_at) OVER w AS until, v.cause,
             u.username AS changed_by, v.reason, v.approval_id, lag(v.rules) OVER w AS previous
           FROM rule_versions v LEFT JOIN users u ON u.id = v.changed_by
           WINDOW w AS (ORDER BY v.version)`.execute(tx);

function recordOf(r: Row): RuleVersionRecord {
  return {
    version: Number(r.version),
    from: r.from_at.toISOString(),
    until: r.until ? r.until.toISOString() : null,
    cause: r.cause as Cause,
    changed_by: r.changed_by,
    reason: r.reason,
    approval_id: r.approval_id === null ? null : Number(r.approval_id),
    changes: ruleChanges(r.previous ? RuleSet.parse(r.previous) : null, RuleSet.parse(r.rules)),
  };
}

/** Every version, the newest first, each with what it changed. */
export async function ruleVersions(tx: DbOrTx): Promise<RuleVersionRecord[]> {
  const { rows } = await rowsOf(tx);
  return rows.map(recordOf).reverse();
}

export async function ruleVersion(
  tx: DbOrTx,
  version: number,
): Promise<{ version: RuleVersionRecord; rules: RuleSet }> {
  const { rows } = await rowsOf(tx);
  const r = rows.find((x) => x.version === BigInt(version));
  if (!r) throw notFound('Rule version not found.');
  return { version: recordOf(r), rules: RuleSet.parse(r.rules) };
}
