import english from '../../i18n/en/recovery.json';
import { englishNamespace } from '../../i18n/i18n';

/**
 * The texts of account recovery and two-factor set-up (decision 0039): forgotten and reset passwords, the mail
 * outbox, turning two-factor sign-in on or off and the recovery codes. Apart from `auth`, which the sign-in
 * pages (first screens) download.
 */
export const RECOVERY_NS = englishNamespace('recovery', english);
