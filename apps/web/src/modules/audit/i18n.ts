import english from '../../i18n/en/audit.json';
import { englishNamespace } from '../../i18n/i18n';

/** The audit trail's texts (decision 0039). */
export const AUDIT_NS = englishNamespace('audit', english);
