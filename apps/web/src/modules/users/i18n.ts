import english from '../../i18n/en/adminUsers.json';
import { englishNamespace } from '../../i18n/i18n';

/** The admin's user screens' texts (decision 0039). */
export const ADMIN_USERS_NS = englishNamespace('adminUsers', english);
