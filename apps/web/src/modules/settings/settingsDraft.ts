import { type FeatureSwitch, featureSwitches, Settings, type UpdateSettingsBody } from '@sgx/contracts';
import english from '../../i18n/en/settings.json';
import { tr } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { plainDecimal, sameAmount } from '../../ui/moneyFormat';
import './i18n';

/**
 * The settings as the form edits them: every number is text (decimals exactly as typed, whole numbers
 * too), so nothing passes through a float and an unfinished entry can be shown with its error. Decimal
 * settings are found by their value, so a number the server adds later is listed without a change here.
 */
export interface SettingsDraft {
  /** The settings as loaded; the fields below replace their parts. */
  base: Settings;
  features: Record<FeatureSwitch, boolean>;
  /** Top-level decimal settings (earningCapMultiplier, entryFee, ctoPoolPercent, token...). */
  decimals: Record<string, string>;
  /** Top-level whole-number settings (solvencyRunwayAlertDays), as typed. */
  wholes: Record<string, string>;
  levelPercents: string[];
  levelUnlockDirects: string[];
  withdrawal: Record<string, string>;
  /** The hot wallet's payout policy (decision 0034). */
  hotWalletPolicy: Record<string, string>;
  salaryTiers: { directs: string; amount: string }[];
}

export interface Unit {
  label: string;
  unit: string;
  /** One line under the field, for settings whose label cannot say it all. */
  description?: string;
}

/** A feature switch's name and what it opens, in the admin's language. */
export const featureLabel = (f: FeatureSwitch) => ({
  label: tr(`settings:feature.${f}.label`),
  description: tr(`settings:feature.${f}.description`),
});

type UnitKey = keyof typeof english.unit;
const unitText = (u: UnitKey) => tr(`settings:unit.${u}`);

const decimalUnits: Record<string, UnitKey> = {
  earningCapMultiplier: 'timesPlan',
  entryFee: 'usd',
  ctoPoolPercent: 'percent',
  ctoMinPlan: 'usd',
  ctoMinDirectsBusiness: 'usd',
  tokenSlippagePercent: 'percent',
  tokenTradeFeePercent: 'percent',
  tokenMaxPriceChangePercent: 'percent',
  approvalThreshold: 'usd',
  soloDailyLimit: 'usd',
  payoutHoldHours: 'hours',
};

const withdrawalUnits: Record<string, UnitKey> = {
  workingMinimum: 'usd',
  workingFeePercent: 'percent',
  roiFeePercent: 'percent',
  compoundFeePercent: 'percent',
  principalFeeWithin10DaysPercent: 'percent',
  principalFeeWithin20DaysPercent: 'percent',
};

const hotWalletUnits: Record<string, UnitKey> = { perPayout: 'usd', perMemberDay: 'usd', perDay: 'usd' };

/**
 * The settings that are a group of decimals (a nested object): each edited as its own section, compared and
 * patched as a whole.
 */
export const decimalGroups = {
  withdrawal: { units: withdrawalUnits },
  hotWalletPolicy: { units: hotWalletUnits },
} as const;
export type DecimalGroup = keyof typeof decimalGroups;
const groupNames = Object.keys(decimalGroups) as DecimalGroup[];

/** A group's title and description, in the admin's language. */
export const groupText = (group: DecimalGroup) => ({
  title: tr(`settings:group.${group}.title`),
  description: tr(`settings:group.${group}.description`),
});

export const groupLabel = (group: DecimalGroup, key: string): Unit => {
  const unit = (decimalGroups[group].units as Record<string, UnitKey>)[key];
  return unit === undefined ? guessed(key) : { label: tr(`settings:${group}.${key}`), unit: unitText(unit) };
};

/** "ctoMinPlan" -> "Cto min plan"; a unit guessed from the name. For settings this screen has no words for. */
function guessed(key: string): Unit {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const unit = /percent$/i.test(key) ? '%' : '';
  return { label: `${words.charAt(0).toUpperCase()}${words.slice(1).replace(/ percent$/, '')}`, unit };
}

export const decimalLabel = (key: string): Unit => {
  const unit = decimalUnits[key];
  if (unit === undefined) return guessed(key);
  const label: Unit = { label: tr(`settings:decimal.${key}`), unit: unitText(unit) };
  if (Object.hasOwn(english.decimalHelp, key)) label.description = tr(`settings:decimalHelp.${key}`);
  return label;
};

/** Whole-number settings' names and help (each a key of settings.json's `whole` and `wholeHelp`). */
export const wholeLabel = (key: string): Unit => {
  if (!Object.hasOwn(english.whole, key)) return guessed(key);
  const label: Unit = { label: tr(`settings:whole.${key}`), unit: '' };
  if (Object.hasOwn(english.wholeHelp, key)) label.description = tr(`settings:wholeHelp.${key}`);
  return label;
};

/** Text settings that identify accounts and business dates: shown, not edited here. */
export const fixedKeys = ['usernamePrefix', 'rootReferralCode', 'businessTimezone'] as const;

const isDecimalText = (v: unknown): v is string => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);

/** The top-level decimal settings, in the server's order. */
export function decimalKeys(s: Settings): string[] {
  const record = s as unknown as Record<string, unknown>;
  return Object.keys(record).filter(
    (k) => !(fixedKeys as readonly string[]).includes(k) && isDecimalText(record[k]),
  );
}

/**
 * The top-level whole-number settings (the solvency alert's days, decision 0068), in the server's order: found by
 * their value too, so one the server adds later is listed without a change here.
 */
export function wholeKeys(s: Settings): string[] {
  const record = s as unknown as Record<string, unknown>;
  return Object.keys(record).filter((k) => Number.isInteger(record[k]));
}

/** Which section a decimal setting belongs to: the CTO pool and token, or members and income. */
export const isPoolOrToken = (key: string) => key.startsWith('cto') || key.startsWith('token');

/** Decimal text as an input shows it: "10.00000000" -> "10". */
const show = (v: string) => plainDecimal(v);

export function toDraft(s: Settings): SettingsDraft {
  const record = s as unknown as Record<string, string>;
  return {
    base: s,
    features: { ...s.features },
    decimals: Object.fromEntries(decimalKeys(s).map((k) => [k, show(record[k] ?? '')])),
    wholes: Object.fromEntries(wholeKeys(s).map((k) => [k, String(record[k])])),
    levelPercents: s.levelPercents.map(show),
    levelUnlockDirects: s.levelUnlockDirects.map(String),
    withdrawal: Object.fromEntries(Object.entries(s.withdrawal).map(([k, v]) => [k, show(v)])),
    hotWalletPolicy: Object.fromEntries(Object.entries(s.hotWalletPolicy).map(([k, v]) => [k, show(v)])),
    salaryTiers: s.salaryTiers.map((t) => ({ directs: String(t.directs), amount: show(t.amount) })),
  };
}

/** Whole-number text as a number; anything else becomes NaN so the schema refuses it. */
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const trimmed = (r: Record<string, string>) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.trim()]));

export function fromDraft(d: SettingsDraft): unknown {
  return {
    ...d.base,
    ...trimmed(d.decimals),
    ...Object.fromEntries(Object.entries(d.wholes).map(([k, v]) => [k, whole(v)])),
    features: d.features,
    levelPercents: d.levelPercents.map((v) => v.trim()),
    levelUnlockDirects: d.levelUnlockDirects.map(whole),
    withdrawal: trimmed(d.withdrawal),
    hotWalletPolicy: trimmed(d.hotWalletPolicy),
    salaryTiers: d.salaryTiers.map((t) => ({ directs: whole(t.directs), amount: t.amount.trim() })),
  };
}

/** Checks a draft with the contract: the settings, or field path ("withdrawal.roiFeePercent") -> message. */
export function checkDraft(
  d: SettingsDraft,
): { ok: true; settings: Settings } | { ok: false; errors: Record<string, string> } {
  const parsed = Settings.safeParse(fromDraft(d));
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    const wholeField =
      issue.path.some((p) => p === 'directs' || p === 'levelUnlockDirects') ||
      (issue.path.length === 1 && Object.hasOwn(d.wholes, String(issue.path[0])));
    if (errors[key] === undefined) {
      errors[key] =
        wholeField && issue.code === 'invalid_type'
          ? tr('settings:draft.wholeNumber')
          : serverText(issue.message);
    }
  }
  return { ok: false, errors };
}

export interface SettingChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

const onOff = (v: boolean) => tr(v ? 'settings:draft.on' : 'settings:draft.off');
const sameDecimal = (a: string, b: string) => a === b || sameAmount(a, b);
const withUnit = (v: string, unit: string) =>
  unit === '%' ? `${show(v)}%` : unit === '' ? show(v) : `${show(v)} ${unit}`;
const tiersText = (tiers: Settings['salaryTiers']) =>
  tiers.length === 0
    ? tr('settings:draft.none')
    : tiers.map((t) => tr('settings:draft.tier', { directs: t.directs, amount: show(t.amount) })).join('; ');

/**
 * What saving would change, in words, and the patch PUT /settings takes: only the keys that change; for
 * the feature switches only the switches that change.
 */
export function diffSettings(
  before: Settings,
  after: Settings,
): { changes: SettingChange[]; patch: UpdateSettingsBody['settings'] } {
  const changes: SettingChange[] = [];
  const patch: Record<string, unknown> = {};

  const features: Partial<Record<FeatureSwitch, boolean>> = {};
  for (const f of featureSwitches) {
    if (before.features[f] !== after.features[f]) {
      features[f] = after.features[f];
      changes.push({
        key: `features.${f}`,
        label: featureLabel(f).label,
        before: onOff(before.features[f]),
        after: onOff(after.features[f]),
      });
    }
  }
  if (Object.keys(features).length > 0) patch.features = features;

  const was = before as unknown as Record<string, string>;
  const now = after as unknown as Record<string, string>;
  for (const k of decimalKeys(after)) {
    const old = was[k] ?? '';
    const next = now[k] ?? '';
    if (!sameDecimal(old, next)) {
      patch[k] = next;
      const { label, unit } = decimalLabel(k);
      changes.push({ key: k, label, before: withUnit(old, unit), after: withUnit(next, unit) });
    }
  }

  const wasWhole = before as unknown as Record<string, number>;
  const nowWhole = after as unknown as Record<string, number>;
  for (const k of wholeKeys(after)) {
    if (wasWhole[k] !== nowWhole[k]) {
      patch[k] = nowWhole[k];
      changes.push({
        key: k,
        label: wholeLabel(k).label,
        before: String(wasWhole[k] ?? '-'),
        after: String(nowWhole[k]),
      });
    }
  }

  let levelsChanged = false;
  after.levelPercents.forEach((v, i) => {
    const old = before.levelPercents[i] ?? '';
    if (!sameDecimal(old, v)) {
      levelsChanged = true;
      changes.push({
        key: `levelPercents.${i}`,
        label: tr('settings:draft.levelIncome', { level: i + 1 }),
        before: `${show(old)}%`,
        after: `${show(v)}%`,
      });
    }
  });
  if (levelsChanged) patch.levelPercents = after.levelPercents;

  let unlockChanged = false;
  after.levelUnlockDirects.forEach((v, i) => {
    const old = before.levelUnlockDirects[i];
    if (old !== v) {
      unlockChanged = true;
      changes.push({
        key: `levelUnlockDirects.${i}`,
        label: tr('settings:draft.levelUnlock', { level: i + 1 }),
        before: tr('settings:draft.activeDirects', { n: old ?? '-' }),
        after: tr('settings:draft.activeDirects', { n: v }),
      });
    }
  });
  if (unlockChanged) patch.levelUnlockDirects = after.levelUnlockDirects;

  for (const group of groupNames) {
    let groupChanged = false;
    const was = before[group] as Record<string, string>;
    for (const [k, next] of Object.entries(after[group] as Record<string, string>)) {
      const old = was[k] ?? '';
      if (!sameDecimal(old, next)) {
        groupChanged = true;
        const { label, unit } = groupLabel(group, k);
        changes.push({
          key: `${group}.${k}`,
          label,
          before: withUnit(old, unit),
          after: withUnit(next, unit),
        });
      }
    }
    if (groupChanged) patch[group] = after[group];
  }

  const tiersSame =
    before.salaryTiers.length === after.salaryTiers.length &&
    before.salaryTiers.every((t, i) => {
      const n = after.salaryTiers[i];
      return n !== undefined && n.directs === t.directs && sameDecimal(n.amount, t.amount);
    });
  if (!tiersSame) {
    patch.salaryTiers = after.salaryTiers;
    changes.push({
      key: 'salaryTiers',
      label: tr('settings:draft.salaryTiers'),
      before: tiersText(before.salaryTiers),
      after: tiersText(after.salaryTiers),
    });
  }

  return { changes, patch: patch as UpdateSettingsBody['settings'] };
}
