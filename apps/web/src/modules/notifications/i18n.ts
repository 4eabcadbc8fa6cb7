import english from '../../i18n/en/notifications.json';
import { englishNamespace } from '../../i18n/i18n';

/** The member's notifications page texts (decision 0039). */
export const NOTIFICATIONS_NS = englishNamespace('notifications', english);
