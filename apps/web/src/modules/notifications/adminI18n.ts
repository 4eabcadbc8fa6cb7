import english from '../../i18n/en/adminNotifications.json';
import { englishNamespace } from '../../i18n/i18n';

/** The admin's notification screens' texts (decision 0039); the member's page has its own (i18n.ts). */
export const ADMIN_NOTIFICATIONS_NS = englishNamespace('adminNotifications', english);
