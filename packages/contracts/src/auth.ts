import { z } from 'zod';
import { ResidenceCountry } from './identity-limits';
import { Phone } from './phone';
import { staffRoles } from './staff-grants';
import { SecondFactorState } from './two-factor';

export {
  installPhoneNumbering,
  PHONE_COUNTRY_MESSAGE,
  PHONE_DIGITS_MESSAGE,
  PHONE_INVALID_MESSAGE,
  Phone,
  type PhoneNumbering,
} from './phone';

export const Email = z.string().trim().toLowerCase().email('Enter a valid email address.').max(254);
export const Password = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.')
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), 'Password must contain a letter and a digit.');
export const FullName = z.string().trim().min(2, 'Enter your full name.').max(100);

export const RegisterBody = z
  .object({
    fullname: FullName,
    email: Email,
    phone: Phone,
    password: Password,
    confirmPassword: z.string(),
    referralBy: z.string().trim().max(32).optional().default(''),
    /** The country of residence, ISO 3166-1 alpha-2 (optional; decision 0073). */
    country: ResidenceCountry.optional(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof RegisterBody>;

/** Sign-in: the `email` field also takes the username. */
export const SignInBody = z.object({
  email: z.string().trim().min(1, 'Enter your email or username.').max(254),
  password: z.string().min(1, 'Enter your password.').max(128),
});
export type SignInBody = z.infer<typeof SignInBody>;

export const AuthRecord = z.object({
  id: z.number().int(),
  token: z.string(),
  refferal_code: z.string(),
  username: z.string(),
  email: z.string(),
  fullname: z.string(),
  role: z.enum(['user', 'admin']),
  /** A staff account's roles (decision 0042): what its back-office shows. Absent for a member. */
  staff_roles: z.array(z.enum(staffRoles)).optional(),
});
export type AuthRecord = z.infer<typeof AuthRecord>;

/**
 * `second_factor` (decision 0023): 'ok' the session may be used; 'code' enter a code first (POST /auth/2fa/verify);
 * 'enrol' an admin without two-factor sets it up first (POST /auth/2fa/enrol, then /auth/2fa/confirm).
 */
export const MemberSignInResponse = z.object({
  auth: AuthRecord,
  expireAt: z.string(),
  message: z.string(),
  second_factor: SecondFactorState,
});
export type MemberSignInResponse = z.infer<typeof MemberSignInResponse>;
export const AdminSignInResponse = z.object({
  admin: AuthRecord,
  expireAt: z.string(),
  message: z.string(),
  second_factor: SecondFactorState,
});
export type AdminSignInResponse = z.infer<typeof AdminSignInResponse>;

export const ChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.').max(128),
    password: Password,
    confirmPassword: z.string(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
