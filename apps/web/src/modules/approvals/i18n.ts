import english from '../../i18n/en/approvals.json';
import { englishNamespace } from '../../i18n/i18n';

/** The approvals' texts (decision 0039). */
export const APPROVALS_NS = englishNamespace('approvals', english);
