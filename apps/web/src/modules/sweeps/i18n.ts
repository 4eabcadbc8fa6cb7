import english from '../../i18n/en/sweeps.json';
import { englishNamespace } from '../../i18n/i18n';

/** The deposit sweep screens' texts (decision 0039). */
export const SWEEPS_NS = englishNamespace('sweeps', english);
