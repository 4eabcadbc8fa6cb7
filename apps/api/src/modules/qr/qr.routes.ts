import {
  ApprovalPendingResponse,
  DepositAddressBody,
  DepositAddressesResponse,
  IdParam,
  MessageResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { keyedRequest } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

/**
 * The platform's receiving addresses (qr.service.ts). Members read them; an admin asks to set or remove
 * one and a second admin approves it (202; decision 0029).
 */
export function qrRoutes(app: App): void {
  const { qr } = app.deps;
  const tags = ['deposit addresses'];

  app.get(
    '/qr',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: DepositAddressesResponse } } },
    async () => ({ addresses: await qr.live() }),
  );
  app.post(
    '/qr/add',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: {
        tags,
        body: DepositAddressBody,
        response: {
          200: DepositAddressesResponse.extend(MessageResponse.shape),
          202: ApprovalPendingResponse,
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const awaiting = await qr.requestSet(
        principalOf(request).userId,
        {
          currency: b.currency,
          chain_id: b.currency === 'BEP20' ? (b.chain_id ?? null) : null,
          address: b.address,
          label: b.label || null,
        },
        b.reason,
        keyedRequest(request).key,
      );
      if (awaiting) return reply.status(202).send(pendingResponse(awaiting));
      return {
        message: `Nothing changed: this is the ${b.currency} address already.`,
        addresses: await qr.live(),
      };
    },
  );
  app.delete(
    '/qr/:id',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, params: IdParam, response: { 202: ApprovalPendingResponse } },
    },
    async (request, reply) => {
      const awaiting = await qr.requestRemove(
        principalOf(request).userId,
        BigInt(request.params.id),
        keyedRequest(request).key,
      );
      return reply.status(202).send(pendingResponse(awaiting));
    },
  );
}
