import english from '../../i18n/en/team.json';
import { englishNamespace } from '../../i18n/i18n';

/** The team screens' texts: direct members and the referral tree (decision 0039). */
export const TEAM_NS = englishNamespace('team', english);
