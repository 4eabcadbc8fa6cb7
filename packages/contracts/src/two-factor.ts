import { z } from 'zod';

/**
 * Two-factor sign-in (decision 0023): time-based one-time passwords (RFC 6238) with recovery codes.
 * A session is 'ok' (nothing more to do), 'code' (the account has two-factor on: enter a code before anything
 * else) or 'enrol' (an admin without two-factor: set it up before anything else).
 */
export const SecondFactorState = z.enum(['ok', 'code', 'enrol']);
export type SecondFactorState = z.infer<typeof SecondFactorState>;

/** A 6-digit code from the authenticator app, or a recovery code (xxxx-xxxx, letters and digits). */
export const SecondFactorCode = z
  .string()
  .trim()
  .min(1, 'Enter the code from your authenticator app.')
  .max(20)
  .regex(
    /^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/,
    'Enter the 6-digit code from your authenticator app, or a recovery code.',
  );

export const SecondFactorCodeBody = z.object({ code: SecondFactorCode });
export type SecondFactorCodeBody = z.infer<typeof SecondFactorCodeBody>;

/** GET /auth/2fa */
export const TwoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  /** Admins must have it. */
  required: z.boolean(),
  session: SecondFactorState,
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponse>;

/** POST /auth/2fa/enrol: a new secret, not in force until confirmed with a code from it. */
export const TwoFactorEnrolResponse = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code (SVG markup made on the server). */
  qr_svg: z.string(),
});
export type TwoFactorEnrolResponse = z.infer<typeof TwoFactorEnrolResponse>;

/**
 * POST /auth/2fa/confirm: the first code from the pending secret. From a session that is 'ok' (turning it on
 * from the security page) the account's password too, so that a borrowed session cannot put its own
 * authenticator on the account; an 'enrol' session (an admin who has just signed in with it) sends none.
 */
export const TwoFactorConfirmBody = z.object({
  code: SecondFactorCode,
  password: z.string().min(1, 'Enter your password.').max(128).optional(),
});
export type TwoFactorConfirmBody = z.infer<typeof TwoFactorConfirmBody>;

/** POST /auth/2fa/confirm and POST /auth/2fa/recovery-codes: recovery codes, shown once. */
export const RecoveryCodesResponse = z.object({ message: z.string(), recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/**
 * The session's new bearer token, once its second factor is proven (decision 0032): the token it was
 * signed in with stops working at once, so the client stores this one in its place.
 */
const NewSessionToken = z.string().min(1);

/**
 * POST /auth/2fa/confirm: the recovery codes, shown once; from an 'enrol' session (an admin's first
 * sign-in) also `token`, the session's new bearer token. An 'ok' session keeps its token (none is sent).
 */
export const TwoFactorConfirmResponse = RecoveryCodesResponse.extend({ token: NewSessionToken.optional() });
export type TwoFactorConfirmResponse = z.infer<typeof TwoFactorConfirmResponse>;

/** POST /auth/2fa/verify: signed in; `token` is the session's new bearer token (the old one no longer works). */
export const TwoFactorVerifyResponse = z.object({
  message: z.string(),
  recovery_codes_left: z.number().int(),
  token: NewSessionToken,
});
export type TwoFactorVerifyResponse = z.infer<typeof TwoFactorVerifyResponse>;

/** POST /auth/2fa/disable (members only; admins must keep it). */
export const TwoFactorDisableBody = z.object({
  password: z.string().min(1, 'Enter your password.').max(128),
  code: SecondFactorCode,
});
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBody>;
