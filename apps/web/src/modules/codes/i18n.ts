import english from '../../i18n/en/codes.json';
import { englishNamespace } from '../../i18n/i18n';

/** The codes' texts (decision 0039). */
export const CODES_NS = englishNamespace('codes', english);
