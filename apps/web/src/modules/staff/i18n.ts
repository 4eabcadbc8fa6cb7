import english from '../../i18n/en/staff.json';
import { englishNamespace } from '../../i18n/i18n';

/** Staff management's texts (decision 0039). */
export const STAFF_NS = englishNamespace('staff', english);
