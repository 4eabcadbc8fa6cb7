import english from '../../i18n/en/rewards.json';
import { englishNamespace } from '../../i18n/i18n';

/** The rewards screens' texts, member and admin (decision 0039). */
export const REWARDS_NS = englishNamespace('rewards', english);
