import english from '../../i18n/en/statements.json';
import { englishNamespace } from '../../i18n/i18n';

/** The statements screens' texts (decision 0039). */
export const STATEMENTS_NS = englishNamespace('statements', english);
