import english from '../../i18n/en/apiKeys.json';
import { englishNamespace } from '../../i18n/i18n';

/** API keys' texts (decision 0039, 0071). */
export const API_KEYS_NS = englishNamespace('apiKeys', english);
