import english from '../../i18n/en/deposits.json';
import { englishNamespace } from '../../i18n/i18n';

/** The deposits screens' texts (decision 0039). */
export const DEPOSITS_NS = englishNamespace('deposits', english);
