import english from '../../i18n/en/plansAdmin.json';
import { englishNamespace } from '../../i18n/i18n';

/** The admin plans screen's texts (decision 0039). */
export const PLANS_ADMIN_NS = englishNamespace('plansAdmin', english);
