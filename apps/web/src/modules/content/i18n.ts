import english from '../../i18n/en/content.json';
import { englishNamespace } from '../../i18n/i18n';

/** The news, support messages and achievers screens' texts (decision 0039). */
export const CONTENT_NS = englishNamespace('content', english);
