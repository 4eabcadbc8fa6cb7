import { type FeatureSwitch, featureSwitches, Settings, type UpdateSettingsBody } from '@sgx/contracts';
import { plainDecimal, sameAmount } from '../../ui/moneyFormat';

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
  levelPercents: string[];
  levelUnlockDirects: string[];
  withdrawal: Record<string, string>;
  /** The hot wallet's payout policy (issue 21). */
  hotWalletPolicy: Record<string, string>;
  salaryTiers: { directs: string; amount: string }[];
}

export interface Unit {
  label: string;
  unit: string;
  /** One line under the field, for settings whose label cannot say it all. */
  description?: string;
}

export const featureLabels: Record<FeatureSwitch, { label: string; description: string }> = {
  registration: { label: 'Registration', description: 'New members can create accounts.' },
  login: { label: 'Member sign-in', description: 'Members can sign in. Admin sign-in stays open.' },
  withdrawal: { label: 'Withdrawals', description: 'Members can request withdrawals.' },
  deposit: { label: 'Deposits', description: 'Members can submit deposits.' },
  roi: { label: 'ROI income', description: 'Daily ROI income is paid.' },
  level: { label: 'Level income', description: 'Level income is paid to uplines.' },
  direct: { label: 'Direct income', description: 'Direct referral income is paid.' },
  reward: { label: 'Rewards', description: 'Members can claim rewards.' },
  support: { label: 'Support', description: 'Members can open tickets and write to support.' },
  topup: { label: 'Top-ups', description: 'Members can buy or top up plans.' },
};

const decimalLabels: Record<string, Unit> = {
  earningCapMultiplier: { label: 'Earning cap multiplier', unit: '× plan' },
  entryFee: { label: 'Entry (activation) fee', unit: 'USD' },
  ctoPoolPercent: { label: 'CTO pool of monthly top-ups', unit: '%' },
  ctoMinPlan: { label: 'CTO: own plan at least', unit: 'USD' },
  ctoMinDirectsBusiness: { label: "CTO: directs' plans at least", unit: 'USD' },
  tokenSlippagePercent: { label: 'Token price slippage limit', unit: '%' },
  tokenTradeFeePercent: { label: 'Token trade fee', unit: '%' },
  tokenMaxPriceChangePercent: { label: 'Largest manual token price change', unit: '%' },
  approvalThreshold: {
    label: 'Second admin needed from',
    unit: 'USD',
    description: 'Any one payout, credit, balance edit or code batch this large waits for a second admin.',
  },
  soloDailyLimit: {
    label: 'One admin alone, per 24 hours',
    unit: 'USD',
    description:
      'What one admin may credit, pay out or issue alone in any 24 hours; past it, a second admin approves.',
  },
  payoutHoldHours: { label: 'Hold on a new payout address', unit: 'hours' },
};

const withdrawalLabels: Record<string, Unit> = {
  workingMinimum: { label: 'Working withdrawal minimum', unit: 'USD' },
  workingFeePercent: { label: 'Working withdrawal fee', unit: '%' },
  roiFeePercent: { label: 'ROI withdrawal fee', unit: '%' },
  compoundFeePercent: { label: 'Compound withdrawal fee', unit: '%' },
  principalFeeWithin10DaysPercent: { label: 'Principal fee within 10 days', unit: '%' },
  principalFeeWithin20DaysPercent: { label: 'Principal fee within 20 days', unit: '%' },
};

const hotWalletLabels: Record<string, Unit> = {
  perPayout: { label: 'Hot wallet: each payout at most', unit: 'USD' },
  perMemberDay: { label: 'Hot wallet: per member, 24 hours', unit: 'USD' },
  perDay: { label: 'Hot wallet: whole platform, 24 hours', unit: 'USD' },
};

/**
 * The settings that are a group of decimals (a nested object): each edited as its own section, compared and
 * patched as a whole.
 */
export const decimalGroups = {
  withdrawal: {
    title: 'Withdrawals',
    description: 'The server computes every fee; members see the quote before they confirm.',
    labels: withdrawalLabels,
  },
  hotWalletPolicy: {
    title: 'Payouts from the hot wallet',
    description:
      'Where a hot wallet is configured, approved payouts within these limits (and no flagged risk) are paid without a human; the rest waits for the operator.',
    labels: hotWalletLabels,
  },
} as const;
export type DecimalGroup = keyof typeof decimalGroups;
const groupNames = Object.keys(decimalGroups) as DecimalGroup[];
export const groupLabel = (group: DecimalGroup, key: string): Unit =>
  (decimalGroups[group].labels as Record<string, Unit>)[key] ?? guessed(key);

/** "ctoMinPlan" -> "Cto min plan"; a unit guessed from the name. For settings this screen has no words for. */
function guessed(key: string): Unit {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const unit = /percent$/i.test(key) ? '%' : '';
  return { label: `${words.charAt(0).toUpperCase()}${words.slice(1).replace(/ percent$/, '')}`, unit };
}

export const decimalLabel = (key: string): Unit => decimalLabels[key] ?? guessed(key);

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
    const wholeField = issue.path.some((p) => p === 'directs' || p === 'levelUnlockDirects');
    if (errors[key] === undefined) {
      errors[key] = wholeField && issue.code === 'invalid_type' ? 'Enter a whole number.' : issue.message;
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

const onOff = (v: boolean) => (v ? 'On' : 'Off');
const sameDecimal = (a: string, b: string) => a === b || sameAmount(a, b);
const withUnit = (v: string, unit: string) =>
  unit === '%' ? `${show(v)}%` : unit === '' ? show(v) : `${show(v)} ${unit}`;
const tiersText = (tiers: Settings['salaryTiers']) =>
  tiers.length === 0 ? 'none' : tiers.map((t) => `${t.directs} directs: ${show(t.amount)} USD`).join('; ');

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
        label: featureLabels[f].label,
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

  let levelsChanged = false;
  after.levelPercents.forEach((v, i) => {
    const old = before.levelPercents[i] ?? '';
    if (!sameDecimal(old, v)) {
      levelsChanged = true;
      changes.push({
        key: `levelPercents.${i}`,
        label: `Level ${i + 1} income`,
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
        label: `Level ${i + 1} unlock`,
        before: `${old ?? '-'} active directs`,
        after: `${v} active directs`,
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
      label: 'Salary tiers',
      before: tiersText(before.salaryTiers),
      after: tiersText(after.salaryTiers),
    });
  }

  return { changes, patch: patch as UpdateSettingsBody['settings'] };
}
