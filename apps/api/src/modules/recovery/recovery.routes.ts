import {
  ForgotPasswordBody,
  MessageResponse,
  OtpSendBody,
  OtpVerifyBody,
  OutboxResponse,
  ResetPasswordBody,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

export function recoveryRoutes(app: App): void {
  const { recovery } = app.deps;
  const tags = ['account recovery'];

  app.post(
    '/pass/forget',
    {
      config: { access: 'public' },
      schema: { tags, body: ForgotPasswordBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await recovery.forgot(request.body.email, request.ip);
      return { message: 'If that e-mail is registered, a reset link is on its way.' };
    },
  );
  app.post(
    '/pass/reset',
    {
      config: { access: 'public' },
      schema: { tags, body: ResetPasswordBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await recovery.reset(request.body.token, request.body.password, request.ip);
      return { message: 'Password change successfuly' };
    },
  );
  app.post(
    '/otp/send',
    { config: { access: 'member' }, schema: { tags, body: OtpSendBody, response: { 200: MessageResponse } } },
    async (request) => {
      await recovery.sendOtp(principalOf(request), request.body.userId, request.body.email);
      return { message: 'A 6-digit code is on its way to your e-mail.' };
    },
  );
  app.post(
    '/otp/verify',
    {
      config: { access: 'member' },
      schema: { tags, body: OtpVerifyBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await recovery.verifyOtp(principalOf(request), request.body.userId, request.body.otp);
      return { message: 'E-mail verified' };
    },
  );
  app.get(
    '/outbox',
    { config: { access: 'admin', permission: 'staff' }, schema: { tags, response: { 200: OutboxResponse } } },
    async () => ({ mails: await recovery.outbox() }),
  );
}
