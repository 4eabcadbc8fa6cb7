import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { installPhoneNumbering } from './phone';

/**
 * `@sgx/contracts/phone`: libphonenumber's numbering plans (the 'min' metadata: every country, validity by
 * number pattern), installed into the Phone schema on import (decision 0041), and the display of a stored number.
 */
// A number is taken when its country code exists and its length fits that country's plan (isPossible), not
// only when it falls in a range the metadata lists as assigned (isValid): ranges open faster than any copy of
// the metadata is updated, and a member must never be locked out of registering with their real number. The
// issue's own "+44 7700 900123" is such a number (decision 0041).
installPhoneNumbering((international) => {
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isPossible() ? (parsed.number as string) : null;
});

/**
 * A stored phone number as people read it: "+44 7911 123456". Numbers kept before E.164 (digits without a country
 * code) are shown as stored; null when there is none.
 */
export function formatPhone(stored: string | null | undefined): string | null {
  if (stored === null || stored === undefined || stored === '') return null;
  const parsed = stored.startsWith('+') ? parsePhoneNumberFromString(stored) : undefined;
  return parsed?.isPossible() ? parsed.formatInternational() : stored;
}
