import english from '../../i18n/en/identity.json';
import { englishNamespace } from '../../i18n/i18n';

/** Identity verification's texts: the member's page, the profile's link, the compliance review (decision 0074). */
export const IDENTITY_NS = englishNamespace('identity', english);
