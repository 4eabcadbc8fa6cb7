import english from '../../i18n/en/watch.json';
import { englishNamespace } from '../../i18n/i18n';

/** The Watch and Earn screens' texts (decision 0039). */
export const WATCH_NS = englishNamespace('watch', english);
