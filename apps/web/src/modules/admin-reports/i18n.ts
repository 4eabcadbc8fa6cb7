import english from '../../i18n/en/adminReports.json';
import { englishNamespace } from '../../i18n/i18n';

/** The admin reports' and income screens' texts (decision 0039). */
export const ADMIN_REPORTS_NS = englishNamespace('adminReports', english);
