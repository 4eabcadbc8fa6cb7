import { UNIT } from '@sgx/money';
import { z } from 'zod';
import { amountText } from './common';

/**
 * Platform settings (business-rules.md). Money and percentages are decimal text; the API parses them
 * exactly. Every change is audited and applies to events after it.
 */
export const featureSwitches = [
  'registration',
  'login',
  'withdrawal',
  'deposit',
  'roi',
  'level',
  'direct',
  'reward',
  'support',
  'topup',
] as const;
export type FeatureSwitch = (typeof featureSwitches)[number];

export const featureClosedMessages: Record<FeatureSwitch, string> = {
  registration: 'Registration is closed.',
  login: 'Login is closed.',
  withdrawal: 'Withdrawals are closed.',
  deposit: 'Deposits are closed.',
  roi: 'ROI income is closed.',
  level: 'Level income is closed.',
  direct: 'Direct income is closed.',
  reward: 'Rewards are closed.',
  support: 'Support is closed.',
  topup: 'Top-ups are closed.',
};

/** Money as decimal text, at most the request maximum; percents and multipliers at most 100. */
const decimalText = amountText();
const percentText = amountText(100n * UNIT);

/** Whether `name` is a time zone the business date can be computed in (an unknown one would fail every date). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const Features = z.object(
  Object.fromEntries(featureSwitches.map((f) => [f, z.boolean()])) as Record<FeatureSwitch, z.ZodBoolean>,
);

/** The income kinds a hold period is set for (`incomeHoldDays`): the ledger's income types (bonuses are 'reward'). */
export const incomeHoldKinds = [
  'roi_income',
  'level_month',
  'direct_income',
  'reward',
  'salary',
  'cto',
] as const;
export type IncomeHoldKind = (typeof incomeHoldKinds)[number];

export const Settings = z.object({
  features: Features,
  usernamePrefix: z.string().regex(/^[A-Z]{2,6}$/, 'Use 2 to 6 capital letters.'),
  rootReferralCode: z.string().min(1),
  businessTimezone: z.string().min(1).refine(isTimeZone, 'Enter a time zone such as UTC or Asia/Kolkata.'),
  earningCapMultiplier: percentText,
  entryFee: decimalText,
  levelPercents: z.array(percentText).length(10),
  /** Active direct referrals needed to unlock each of the 10 levels. */
  levelUnlockDirects: z.array(z.number().int().min(0)).length(10),
  withdrawal: z.object({
    workingMinimum: decimalText,
    workingFeePercent: percentText,
    roiFeePercent: percentText,
    compoundFeePercent: percentText,
    principalFeeWithin10DaysPercent: percentText,
    principalFeeWithin20DaysPercent: percentText,
  }),
  salaryTiers: z.array(z.object({ directs: z.number().int().positive(), amount: decimalText })),
  ctoPoolPercent: percentText,
  ctoMinPlan: decimalText,
  ctoMinDirectsBusiness: decimalText,
  tokenSlippagePercent: percentText,
  tokenTradeFeePercent: percentText,
  tokenMaxPriceChangePercent: percentText,
  /** Withdrawals, manual transactions and balance edits at or above this many USD need a second admin (decision 0024). */
  approvalThreshold: decimalText,
  /**
   * What one admin may do alone in any 24 hours, in USD, in total (decision 0030): credits, reversals, balance edits,
   * codes, withdrawal completions and deposit credits done without a second admin. Past it, each further action
   * waits for a second admin as one at or above approvalThreshold does.
   */
  soloDailyLimit: decimalText,
  /** Hours a new payout address waits before withdrawals may be sent to it (decision 0025). */
  payoutHoldHours: decimalText,
  /**
   * What the payout hot wallet (decision 0034, where PAYOUT_HOT_WALLET_KEY_<chain id> is set) pays without a human, in
   * USD: at most this per payout, per member in any 24 hours and for the whole platform in any 24 hours. A payout
   * past any of them, or with a flagged risk signal, waits for the operator's wallet.
   */
  hotWalletPolicy: z.object({ perPayout: decimalText, perMemberDay: decimalText, perDay: decimalText }),
  /**
   * The solvency alert (decision 0068): owners are warned when the days of payouts covered with no new money fall
   * below this many. Like every economic setting, changing it needs a second admin.
   */
  solvencyRunwayAlertDays: z.number().int().min(1, 'At least 1 day.').max(3650, 'At most 3650 days.'),
  /**
   * Identity levels (decision 0073): what a member may do at each level, in USD; index 0 is level 0 (e-mail confirmed),
   * 1 identity, 2 proof of address. A null limit is none. Like every setting but the switches, a change needs a
   * second admin.
   */
  identityLevels: z
    .array(
      z.object({
        /** Deposits credited in any 24 hours. */
        depositDay: decimalText.nullable(),
        /** Withdrawals requested in any 24 hours and in any 30 days. */
        withdrawalDay: decimalText.nullable(),
        withdrawalMonth: decimalText.nullable(),
        /** The largest plan (top-up amount) the member may hold. */
        largestPlan: decimalText.nullable(),
        /** Transfers sent to other members in any 24 hours. */
        transferDay: decimalText.nullable(),
      }),
    )
    .length(3),
  /** ISO 3166-1 alpha-2 codes of the countries the operator does not serve (registration and level 1 refuse them). */
  unservedCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'Use two-letter country codes.')).max(250),
  /** Days identity documents are kept after their decision; then the files are deleted and the decision kept. */
  identityDocumentRetentionDays: z.number().int().min(1, 'At least 1 day.').max(3650, 'At most 3650 days.'),
  /**
   * Days income waits before it is paid into its wallet, per income kind (decision 0076); 0 pays it at once, as before.
   * Income of a member under a compliance flag waits until compliance releases or reverses it, whatever the days.
   */
  incomeHoldDays: z.object(
    Object.fromEntries(
      incomeHoldKinds.map((k) => [
        k,
        z.number().int().min(0, 'At least 0 days.').max(365, 'At most 365 days.'),
      ]),
    ) as Record<IncomeHoldKind, z.ZodNumber>,
  ),
});
export type Settings = z.infer<typeof Settings>;

export const defaultSettings: Settings = {
  features: Object.fromEntries(featureSwitches.map((f) => [f, true])) as Record<FeatureSwitch, boolean>,
  usernamePrefix: 'SGX',
  rootReferralCode: 'SGXROOT',
  businessTimezone: 'UTC',
  earningCapMultiplier: '3',
  entryFee: '10',
  levelPercents: ['10', '5', '4', '3', '2', '1', '1', '1', '1', '1'],
  levelUnlockDirects: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  withdrawal: {
    workingMinimum: '20',
    workingFeePercent: '10',
    roiFeePercent: '5',
    compoundFeePercent: '5',
    principalFeeWithin10DaysPercent: '20',
    principalFeeWithin20DaysPercent: '10',
  },
  salaryTiers: [
    { directs: 5, amount: '25' },
    { directs: 10, amount: '60' },
    { directs: 25, amount: '150' },
    { directs: 50, amount: '400' },
  ],
  ctoPoolPercent: '1',
  ctoMinPlan: '50',
  ctoMinDirectsBusiness: '5000',
  tokenSlippagePercent: '1',
  tokenTradeFeePercent: '0',
  tokenMaxPriceChangePercent: '50',
  approvalThreshold: '1000',
  soloDailyLimit: '3000',
  payoutHoldHours: '24',
  hotWalletPolicy: { perPayout: '100', perMemberDay: '1000', perDay: '10000' },
  solvencyRunwayAlertDays: 90,
  identityLevels: [
    {
      depositDay: '1000',
      withdrawalDay: '100',
      withdrawalMonth: '300',
      largestPlan: '500',
      transferDay: '100',
    },
    {
      depositDay: '25000',
      withdrawalDay: '5000',
      withdrawalMonth: '25000',
      largestPlan: '10000',
      transferDay: '5000',
    },
    { depositDay: null, withdrawalDay: null, withdrawalMonth: null, largestPlan: null, transferDay: null },
  ],
  unservedCountries: [],
  identityDocumentRetentionDays: 1825,
  incomeHoldDays: { roi_income: 0, level_month: 0, direct_income: 0, reward: 0, salary: 0, cto: 0 },
};

export const SettingsResponse = z.object({ settings: Settings });
export const UpdateSettingsBody = z.object({
  settings: Settings.extend({ features: Features.partial() }).partial(),
  reason: z.string().trim().min(3, 'Say why the settings change.').max(500),
});
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;

/** The settings members may see (fees, minimums, rates, which features are open). */
export const PublicSettings = Settings.pick({
  features: true,
  entryFee: true,
  earningCapMultiplier: true,
  levelPercents: true,
  levelUnlockDirects: true,
  withdrawal: true,
  salaryTiers: true,
  tokenSlippagePercent: true,
  tokenTradeFeePercent: true,
});
export const PublicSettingsResponse = z.object({ settings: PublicSettings });

/**
 * The settings in force from the stored rows (one per top-level key): a missing key takes its default
 * (business-rules.md), the feature switches key by key; rows that fail the schema give the defaults. The one home of
 * the merge: the settings service reads through it, and so does every rule version (rules.ts).
 */
export function settingsFromRows(rows: readonly { key: string; value: unknown }[]): Settings {
  const merged: Record<string, unknown> = { ...defaultSettings };
  for (const r of rows) if (r.key in defaultSettings) merged[r.key] = r.value;
  if (merged.features && typeof merged.features === 'object') {
    merged.features = { ...defaultSettings.features, ...(merged.features as object) };
  }
  const parsed = Settings.safeParse(merged);
  return parsed.success ? parsed.data : defaultSettings;
}
