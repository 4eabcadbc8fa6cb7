import english from '../../i18n/en/legal.json';
import { englishNamespace } from '../../i18n/i18n';

/** The privacy notice's and the terms' texts (decision 0039). */
export const LEGAL_NS = englishNamespace('legal', english);
