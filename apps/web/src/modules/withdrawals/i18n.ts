import english from '../../i18n/en/withdrawals.json';
import { englishNamespace } from '../../i18n/i18n';

/** The withdrawals screens' texts (decision 0039). */
export const WITHDRAWALS_NS = englishNamespace('withdrawals', english);
