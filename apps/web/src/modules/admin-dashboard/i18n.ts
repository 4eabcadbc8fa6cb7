import english from '../../i18n/en/adminDashboard.json';
import { englishNamespace } from '../../i18n/i18n';

/** The admin dashboard's texts (decision 0039). */
export const ADMIN_DASHBOARD_NS = englishNamespace('adminDashboard', english);
