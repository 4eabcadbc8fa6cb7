import {
  IdParam,
  MessageResponse,
  PAYOUT_EMAIL_CODE_MINUTES,
  PayoutAddressBody,
  PayoutAddressChangedResponse,
  PayoutAddressState,
  PayoutCancelBody,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * A member's own payout addresses (decision 0025): see them with the changes in hold, ask for
 * an e-mailed code, change one (password and second factor or e-mailed code), cancel a change in hold
 * (password).
 * Members only; the member is always the session's.
 */
export function payoutAddressRoutes(app: App): void {
  const { payoutAddress } = app.deps;
  const tags = ['payout addresses'];

  app.get(
    '/users/payout-address',
    { config: { access: 'member' }, schema: { tags, response: { 200: PayoutAddressState } } },
    async (request) => payoutAddress.state(principalOf(request).userId),
  );

  app.post(
    '/users/payout-address/email-code',
    { config: { access: 'member' }, schema: { tags, response: { 200: MessageResponse } } },
    async (request) => {
      await payoutAddress.sendEmailCode(principalOf(request).userId);
      return {
        message: `A 6-digit code is on its way to your e-mail. It is valid for ${PAYOUT_EMAIL_CODE_MINUTES} minutes.`,
      };
    },
  );

  app.put(
    '/users/payout-address',
    {
      config: { access: 'member' },
      schema: { tags, body: PayoutAddressBody, response: { 200: PayoutAddressChangedResponse } },
    },
    async (request) => {
      const { userId, sessionId } = principalOf(request);
      // Wrong codes count per session and address, never lock the account (decision 0032).
      return payoutAddress.change({ userId, sessionId, ip: request.ip }, request.body);
    },
  );

  app.post(
    '/users/payout-address/changes/:id/cancel',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: IdParam,
        body: PayoutCancelBody,
        response: { 200: PayoutAddressChangedResponse },
      },
    },
    async (request) =>
      payoutAddress.cancel(principalOf(request).userId, BigInt(request.params.id), request.body),
  );
}
