import { formatUnits, isAmount, MAX_INPUT_UNITS, parseUnits, UNIT, type Units } from '@sgx/money';
import { z } from 'zod';

/**
 * Who may call a route. Every API route declares one; the server refuses to start otherwise.
 * - public: anyone; member: a signed-in member (role user); admin: a signed-in admin;
 * - signed-in: a member or an admin; the service then checks ownership (a member reaches only their own data).
 */
export const accessLevels = ['public', 'member', 'admin', 'signed-in'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Stable error codes rendered as `{ message, code, details? }`. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'FEATURE_DISABLED',
  'INTERNAL',
  'UNAVAILABLE',
  /** A signed-in session that still owes its second factor (decision 0023): 403. */
  'SECOND_FACTOR_REQUIRED',
  /** An admin without two-factor sign-in: set it up first (decision 0023): 403. */
  'SECOND_FACTOR_ENROLMENT_REQUIRED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const ErrorBody = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  details: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

const maxAmountMessage = `Enter an amount of at most ${MAX_INPUT_UNITS / UNIT}.`;

/**
 * An amount in a request: a JSON number (the API's JSON parser hands fractions over as text, so none
 * is ever a float) or decimal text. Parsed exactly into 10^-8 units.
 */
export const AmountIn = z
  .union([z.string(), z.number()])
  .refine((v) => isAmount(v), { message: 'Enter a valid amount with at most 8 decimal places.' })
  .transform((v): Units => parseUnits(v))
  .refine((v) => v <= MAX_INPUT_UNITS && v >= -MAX_INPUT_UNITS, { message: maxAmountMessage });

/** Whether decimal text or a number is an amount inside the request maximum (MAX_INPUT_UNITS). */
export function isWithinInputMax(v: string | number): boolean {
  if (!isAmount(v)) return false;
  const units = parseUnits(v);
  return units <= MAX_INPUT_UNITS && units >= -MAX_INPUT_UNITS;
}

/**
 * A non-negative amount kept as its decimal text (a query string, a setting): digits with at most 8
 * decimals, at most `max` (the request maximum unless a smaller one is given, e.g. 100 for a percent).
 */
export const amountText = (max: Units = MAX_INPUT_UNITS) =>
  z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'Enter a decimal number with at most 8 decimals.')
    .refine((v) => isWithinInputMax(v) && parseUnits(v) <= max, {
      message: `Enter a number of at most ${formatUnits(max).replace(/\.?0+$/, '')}.`,
    });

export const NonNegativeAmountIn = AmountIn.refine((v) => v >= 0n, { message: 'Amount cannot be negative.' });

/** An amount in a response: fixed decimal text with 8 fractional digits, e.g. "125.50000000". */
export const AmountOut = z.string().regex(/^-?\d+\.\d{8}$/);
export const amountOut = (units: Units): string => formatUnits(units);

/** Whether `v` is a database id as sent: a positive safe integer, or its plain digits (no sign, space, exponent or hex). */
export function isIdInput(v: string | number): boolean {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0;
  return /^[1-9]\d{0,15}$/.test(v) && Number.isSafeInteger(Number(v));
}

/**
 * A database id in a request (route param, query or body): strictly a positive whole number up to
 * 2^53 - 1. `1.5`, `1e3`, `0x10`, ` 1`, `-1` and `99999999999999999999` are refused (a 400), never
 * coerced into some other id.
 */
export const IdIn = z
  .union([z.number(), z.string()])
  .refine(isIdInput, { message: 'Enter a positive whole number id (digits only).' })
  .transform((v) => Number(v));

export const IdParam = z.object({ id: IdIn });
export type IdParam = z.infer<typeof IdParam>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** ISO timestamp text or null. */
export const Timestamp = z.string().nullable();
