import {
  MessageResponse,
  RecoveryCodesResponse,
  SecondFactorCodeBody,
  TwoFactorConfirmBody,
  TwoFactorConfirmResponse,
  TwoFactorDisableBody,
  TwoFactorEnrolResponse,
  TwoFactorStatusResponse,
  TwoFactorVerifyResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * Two-factor sign-in (decision 0023). Every route here may be called by a session that still owes its
 * second factor (`beforeSecondFactor`); the service decides what each session state may do.
 */
export function twoFactorRoutes(app: App): void {
  const { twoFactor } = app.deps;
  const tags = ['auth'];
  const config = { access: 'signed-in', beforeSecondFactor: true } as const;

  app.get(
    '/auth/2fa',
    { config, schema: { tags, response: { 200: TwoFactorStatusResponse } } },
    async (request) => twoFactor.status(principalOf(request)),
  );
  app.post(
    '/auth/2fa/enrol',
    { config, schema: { tags, response: { 200: TwoFactorEnrolResponse } } },
    async (request) => twoFactor.enrol(principalOf(request)),
  );
  app.post(
    '/auth/2fa/confirm',
    { config, schema: { tags, body: TwoFactorConfirmBody, response: { 200: TwoFactorConfirmResponse } } },
    async (request) => twoFactor.confirm(principalOf(request), request.body, request.ip),
  );
  app.post(
    '/auth/2fa/verify',
    { config, schema: { tags, body: SecondFactorCodeBody, response: { 200: TwoFactorVerifyResponse } } },
    async (request) => twoFactor.verify(principalOf(request), request.body.code, request.ip),
  );
  app.post(
    '/auth/2fa/recovery-codes',
    { config, schema: { tags, body: SecondFactorCodeBody, response: { 200: RecoveryCodesResponse } } },
    async (request) => twoFactor.regenerateRecoveryCodes(principalOf(request), request.body.code, request.ip),
  );
  app.post(
    '/auth/2fa/disable',
    { config, schema: { tags, body: TwoFactorDisableBody, response: { 200: MessageResponse } } },
    async (request) => {
      await twoFactor.disable(principalOf(request), request.body, request.ip);
      return { message: 'Two-factor sign-in is off.' };
    },
  );
}
