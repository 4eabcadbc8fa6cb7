import type { RulePlan, Settings } from '@sgx/contracts';
import { tr } from '../../i18n/i18n';
import { plainDecimal } from '../../ui/moneyFormat';
import {
  type DecimalGroup,
  decimalGroups,
  decimalKeys,
  decimalLabel,
  featureLabel,
  fixedKeys,
  groupLabel,
  wholeKeys,
  wholeLabel,
} from '../settings/settingsDraft';
import './i18n';

/** A value of a rule version's change as the admin reads it: decimals without padding ("0.50000000" → "0.5"). */
export function ruleValue(value: string | null): string {
  if (value === null) return '—';
  return /^-?\d+\.\d+$/.test(value) ? plainDecimal(value) : value;
}

/** One line of a change: "Field: from → to". */
export const changeLine = (c: { field: string; from: string | null; to: string | null }): string =>
  `${c.field}: ${ruleValue(c.from)} → ${ruleValue(c.to)}`;

export interface RuleLine {
  key: string;
  label: string;
  value: string;
}

const withUnit = (v: string, unit: string) =>
  unit === '%' ? `${plainDecimal(v)}%` : unit === '' ? plainDecimal(v) : `${plainDecimal(v)} ${unit}`;

/** Every setting of a rule set, one line each, named as the settings screen names them. */
export function settingsLines(s: Settings): RuleLine[] {
  const lines: RuleLine[] = [];
  const record = s as unknown as Record<string, unknown>;
  for (const k of fixedKeys)
    lines.push({ key: k, label: tr(`settings:fixed.${k}`), value: String(record[k]) });
  for (const [f, on] of Object.entries(s.features)) {
    lines.push({
      key: `features.${f}`,
      label: featureLabel(f as keyof Settings['features']).label,
      value: tr(on ? 'settings:draft.on' : 'settings:draft.off'),
    });
  }
  for (const k of decimalKeys(s)) {
    const { label, unit } = decimalLabel(k);
    lines.push({ key: k, label, value: withUnit(String(record[k]), unit) });
  }
  for (const k of wholeKeys(s)) lines.push({ key: k, label: wholeLabel(k).label, value: String(record[k]) });
  s.levelPercents.forEach((v, i) => {
    lines.push({
      key: `levelPercents.${i}`,
      label: tr('settings:draft.levelIncome', { level: i + 1 }),
      value: `${plainDecimal(v)}%`,
    });
  });
  s.levelUnlockDirects.forEach((v, i) => {
    lines.push({
      key: `levelUnlockDirects.${i}`,
      label: tr('settings:draft.levelUnlock', { level: i + 1 }),
      value: tr('settings:draft.activeDirects', { n: v }),
    });
  });
  for (const group of Object.keys(decimalGroups) as DecimalGroup[]) {
    for (const [k, v] of Object.entries(s[group] as Record<string, string>)) {
      const { label, unit } = groupLabel(group, k);
      lines.push({ key: `${group}.${k}`, label, value: withUnit(v, unit) });
    }
  }
  lines.push({
    key: 'salaryTiers',
    label: tr('settings:draft.salaryTiers'),
    value:
      s.salaryTiers.length === 0
        ? tr('settings:draft.none')
        : s.salaryTiers
            .map((t) => tr('settings:draft.tier', { directs: t.directs, amount: plainDecimal(t.amount) }))
            .join('; '),
  });
  return lines;
}

/** A plan of a rule set as the plans table reads it. */
export const planTerms = (p: RulePlan) => ({
  price: plainDecimal(p.monthly_price),
  roi: `${plainDecimal(p.roi_day)}%`,
  bonus: `${plainDecimal(p.sponsor_bonus)}%`,
  period: tr('rules:set.days', { n: p.plan_period }),
});
