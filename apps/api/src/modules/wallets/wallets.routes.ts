import {
  LinkedWalletResponse,
  LinkedWalletsResponse,
  MessageResponse,
  WalletAddressParam,
  WalletChallengeBody,
  WalletChallengeResponse,
  WalletLinkBody,
  WalletPayoutBody,
} from '@sgx/contracts';
import type { Hex } from 'viem';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * Proving and managing a member's wallets (decision 0008): ask for a one-time EIP-4361 message, sign it in the
 * wallet, and the wallet is linked. Members only; the member is always the session's.
 */
export function walletsRoutes(app: App): void {
  const { wallets, payoutAddress } = app.deps;
  const tags = ['wallets'];

  app.post(
    '/wallets/challenge',
    {
      config: { access: 'member' },
      schema: { tags, body: WalletChallengeBody, response: { 200: WalletChallengeResponse } },
    },
    async (request) =>
      wallets.challenge(principalOf(request).userId, request.body.address, request.body.chainId),
  );

  app.post(
    '/wallets/link',
    {
      config: { access: 'member' },
      schema: { tags, body: WalletLinkBody, response: { 201: LinkedWalletResponse } },
    },
    async (request, reply) => {
      const { message, signature } = request.body;
      const wallet = await wallets.link(principalOf(request).userId, message, signature as Hex);
      return reply.status(201).send({ message: 'Wallet linked', wallet });
    },
  );

  app.get(
    '/wallets',
    { config: { access: 'member' }, schema: { tags, response: { 200: LinkedWalletsResponse } } },
    async (request) => ({ wallets: await wallets.list(principalOf(request).userId) }),
  );

  app.delete(
    '/wallets/:address',
    {
      config: { access: 'member' },
      schema: { tags, params: WalletAddressParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      // The payout address stays as it is, even when it is this wallet (see WalletsService.unlink).
      await wallets.unlink(principalOf(request).userId, request.params.address);
      return { message: 'Wallet unlinked' };
    },
  );

  app.post(
    '/wallets/:address/payout',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: WalletAddressParam,
        body: WalletPayoutBody,
        response: { 200: LinkedWalletResponse },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { address } = request.params; // checksummed by the schema
      await wallets.one(principal.userId, address); // 404 unless linked to this member
      // As every payout address change: password and second factor or e-mailed code, a hold, a notice.
      const who = { userId: principal.userId, sessionId: principal.sessionId, ip: request.ip };
      const { message } = await payoutAddress.change(who, {
        ...request.body,
        currency: 'BEP20',
        address,
      });
      return { message, wallet: await wallets.one(principal.userId, address) };
    },
  );
}
