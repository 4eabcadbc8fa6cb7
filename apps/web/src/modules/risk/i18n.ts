import english from '../../i18n/en/risk.json';
import { englishNamespace } from '../../i18n/i18n';

/** The withdrawal risk signals' texts (decision 0039). */
export const RISK_NS = englishNamespace('risk', english);
