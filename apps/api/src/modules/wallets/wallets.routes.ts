import {
  LinkedWalletResponse,
  LinkedWalletsResponse,
  MessageResponse,
  WalletAddressParam,
  WalletChallengeBody,
  WalletChallengeResponse,
  WalletLinkBody,
} from '@sgx/contracts';
import type { Hex } from 'viem';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/** Proving and managing a member's wallets (issue 9). Members only; the member is the session's. */
export function walletsRoutes(app: App): void {
  const { wallets, members } = app.deps;
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
      const wallet = await wallets.link(
        principalOf(request).userId,
        request.body.message,
        request.body.signature as Hex,
      );
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
      await wallets.unlink(principalOf(request).userId, request.params.address);
      return { message: 'Wallet unlinked' };
    },
  );
  app.post(
    '/wallets/:address/payout',
    {
      config: { access: 'member' },
      schema: { tags, params: WalletAddressParam, response: { 200: LinkedWalletResponse } },
    },
    async (request) => {
      const principal = principalOf(request);
      await wallets.one(principal.userId, request.params.address);
      // The same path as the profile form, with its audit and rules.
      await members.update(principal, Number(principal.userId), { bep20: request.params.address });
      const wallet = await wallets.one(principal.userId, request.params.address);
      return { message: 'Payout address updated', wallet };
    },
  );
}
