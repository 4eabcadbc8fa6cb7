import english from '../../i18n/en/payouts.json';
import { englishNamespace } from '../../i18n/i18n';

/** The payouts screens' texts (decision 0039). */
export const PAYOUTS_NS = englishNamespace('payouts', english);
