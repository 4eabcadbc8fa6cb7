import english from '../../i18n/en/identityLimits.json';
import { englishNamespace } from '../../i18n/i18n';

/** The identity limits' texts: the profile's Limits card, the refusal's link, the admin page (decision 0073). */
export const IDENTITY_LIMITS_NS = englishNamespace('identityLimits', english);
