import { formatUnits, isAmount, parseUnits, type Units } from '@sgx/money';
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

/**
 * An amount in a request: a JSON number (the API's JSON parser hands fractions over as text, so none
 * is ever a float) or decimal text. Parsed exactly into 10^-8 units.
 */
export const AmountIn = z
  .union([z.string(), z.number()])
  .refine((v) => isAmount(v), { message: 'Enter a valid amount with at most 8 decimal places.' })
  .transform((v): Units => parseUnits(v));

export const NonNegativeAmountIn = AmountIn.refine((v) => v >= 0n, { message: 'Amount cannot be negative.' });

/** An amount in a response: fixed decimal text with 8 fractional digits, e.g. "125.50000000". */
export const AmountOut = z.string().regex(/^-?\d+\.\d{8}$/);
export const amountOut = (units: Units): string => formatUnits(units);

export const IdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
export type IdParam = z.infer<typeof IdParam>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** ISO timestamp text or null. */
export const Timestamp = z.string().nullable();
