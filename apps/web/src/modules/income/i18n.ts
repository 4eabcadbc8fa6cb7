import english from '../../i18n/en/income.json';
import { englishNamespace } from '../../i18n/i18n';

/** The income screens' texts (decision 0039). */
export const INCOME_NS = englishNamespace('income', english);
