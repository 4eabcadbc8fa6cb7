import { z } from 'zod';

/**
 * Phone numbers (decision 0041): taken in any common international format ("+44 7911 123456",
 * "+1 (202) 555-0123", "0044 20 7946 0958"), checked against libphonenumber's numbering plans and kept in E.164
 * ("+447911123456"). The country code is required: the platform is international, so "07911 123456" could be
 * any country's. The numbering plans (libphonenumber-js, ~30 kB gzip) live in `@sgx/contracts/phone`
 * (phone-numbering.ts), which installs them here when imported: the API always imports it (app.ts); the web
 * app loads it with the forms that take a phone number, so no other screen downloads it. Until installed, a
 * number is checked by its shape only (+, 7 to 15 digits) and the server's check decides.
 */
export const PHONE_DIGITS_MESSAGE = 'Enter a phone number of 7 to 15 digits.';
export const PHONE_COUNTRY_MESSAGE = 'Start with + and the country code, e.g. +44 7911 123456.';
export const PHONE_INVALID_MESSAGE =
  'This is not a valid phone number: check the country code and the digits.';

/** The E.164 form of a valid number ("+447911123456"), or null when no numbering plan has it. */
export type PhoneNumbering = (international: string) => string | null;
let numbering: PhoneNumbering | undefined;

/** Installs the numbering plans every Phone check uses from then on (phone-numbering.ts). */
export function installPhoneNumbering(check: PhoneNumbering): void {
  numbering = check;
}

/** Spaces, dashes (any kind), dots, slashes and brackets dropped; the international prefix 00 read as +. */
const compact = (v: string) => v.replace(/[\s().\-/\u2010-\u2015]/g, '').replace(/^00(?=\d)/, '+');

export const Phone = z
  .string()
  .trim()
  .transform(compact)
  .pipe(z.string().regex(/^\+?\d{7,15}$/, PHONE_DIGITS_MESSAGE))
  .transform((v, ctx) => {
    if (!v.startsWith('+')) {
      ctx.addIssue({ code: 'custom', message: PHONE_COUNTRY_MESSAGE });
      return z.NEVER;
    }
    if (numbering === undefined) return v;
    const e164 = numbering(v);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });
