import english from '../../i18n/en/privacy.json';
import { englishNamespace } from '../../i18n/i18n';

/** "Your data" texts: the copy of the member's data and closing the account (decision 0077). */
export const PRIVACY_NS = englishNamespace('privacy', english);
