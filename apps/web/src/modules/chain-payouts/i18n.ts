import english from '../../i18n/en/chainPayouts.json';
import { englishNamespace } from '../../i18n/i18n';

/** The on-chain payout screens' texts (decision 0039). */
export const CHAIN_PAYOUTS_NS = englishNamespace('chainPayouts', english);
