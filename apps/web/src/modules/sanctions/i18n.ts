import english from '../../i18n/en/sanctions.json';
import { englishNamespace } from '../../i18n/i18n';

/** Sanctions screening's texts (decisions 0039, 0075). */
export const SANCTIONS_NS = englishNamespace('sanctions', english);
