import english from '../../i18n/en/setup.json';
import { englishNamespace } from '../../i18n/i18n';

/** The setup checklist's texts (decision 0039). */
export const SETUP_NS = englishNamespace('setup', english);
