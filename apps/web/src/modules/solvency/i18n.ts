import english from '../../i18n/en/solvency.json';
import { englishNamespace } from '../../i18n/i18n';

/** The solvency report's texts (decision 0068): every figure with the sentence that says what it means. */
export const SOLVENCY_NS = englishNamespace('solvency', english);
