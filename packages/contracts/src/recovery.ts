import { z } from 'zod';
import { Email, Password } from './auth';
import { IdIn } from './common';

export const ForgotPasswordBody = z.object({ email: Email });
export const ResetPasswordBody = z
  .object({ token: z.string().trim().min(20).max(200), password: Password, confirmPassword: z.string() })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });
export const OtpSendBody = z.object({ userId: IdIn, email: Email });
export const OtpVerifyBody = z.object({
  userId: IdIn,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
});
export const OutboxResponse = z.object({
  mails: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      body: z.string().nullable(),
      delivered_via: z.enum(['smtp', 'outbox']),
      status: z.enum(['sent', 'failed', 'kept']),
      created_at: z.string(),
    }),
  ),
});
