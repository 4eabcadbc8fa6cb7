import english from '../../i18n/en/settings.json';
import { englishNamespace } from '../../i18n/i18n';

/** The admin settings screen's texts (decision 0039). */
export const SETTINGS_NS = englishNamespace('settings', english);
