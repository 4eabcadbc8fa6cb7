import english from '../../i18n/en/auth.json';
import { englishNamespace } from '../../i18n/i18n';

/** The sign-in, registration and public error pages' texts (decision 0039). */
export const AUTH_NS = englishNamespace('auth', english);
