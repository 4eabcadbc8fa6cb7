import english from '../../i18n/en/proof.json';
import { englishNamespace } from '../../i18n/i18n';

/** The proof of liabilities screens' texts (decision 0044). */
export const PROOF_NS = englishNamespace('proof', english);
