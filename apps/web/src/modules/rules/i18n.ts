import english from '../../i18n/en/rules.json';
import { englishNamespace } from '../../i18n/i18n';

/** The rule versions' texts (decision 0070): every set of economic rules that was in force. */
export const RULES_NS = englishNamespace('rules', english);
