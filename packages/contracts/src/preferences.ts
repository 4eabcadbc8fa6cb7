import { z } from 'zod';

/**
 * A member's language and time zone (decision 0039), kept in their profile. Null means "the
 * browser's": the web app then detects the language (saved choice, then navigator.language, then English) and
 * shows times in the browser's time zone.
 */
export const locales = ['en', 'es', 'hi'] as const;
export const Locale = z.enum(locales, { error: 'Choose English, Spanish or Hindi (en, es, hi).' });
export type Locale = z.infer<typeof Locale>;

/** The shape of an IANA zone name ("Asia/Kolkata", "America/Argentina/Buenos_Aires", "UTC"). */
const zoneShape = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** Whether the runtime (Node or the browser) knows `name` as a time zone: Intl refuses names it does not know. */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !zoneShape.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = z
  .string()
  .trim()
  .refine(isTimeZone, 'Choose a time zone from the list (an IANA name such as Asia/Kolkata).');

/** GET /profile/preferences and the answer of the PUT. */
export const PreferencesResponse = z.object({
  locale: Locale.nullable(),
  time_zone: z.string().nullable(),
});
export type PreferencesResponse = z.infer<typeof PreferencesResponse>;

/** PUT /profile/preferences: a field left out stays as it is; null goes back to the browser's. */
export const PreferencesBody = z
  .object({
    locale: Locale.nullable().optional(),
    time_zone: TimeZone.nullable().optional(),
  })
  .strict()
  .refine((b) => b.locale !== undefined || b.time_zone !== undefined, {
    message: 'Send locale, time_zone or both.',
  });
export type PreferencesBody = z.input<typeof PreferencesBody>;
