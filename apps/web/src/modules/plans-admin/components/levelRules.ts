import { tr } from '../../../i18n/i18n';
import { amountError as baseAmountError, compareAmounts } from '../../../ui/amounts';

/** A level percentage: decimal text from 0 to 100. */
export function amountError(value: string): string | null {
  const e = baseAmountError(value, {
    allowZero: true,
    max: '100',
    maxMessage: tr('plansAdmin:levels.atMost100'),
  });
  return e;
}

export function sameAmountText(a: string, b: string): boolean {
  return compareAmounts(a, b) === 0;
}
