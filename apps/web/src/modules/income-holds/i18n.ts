import english from '../../i18n/en/heldIncome.json';
import { englishNamespace } from '../../i18n/i18n';

/** The held income and member flags screens' texts (decision 0039). */
export const HELD_INCOME_NS = englishNamespace('heldIncome', english);
