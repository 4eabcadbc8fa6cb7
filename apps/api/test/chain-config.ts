import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import { approveWaiting } from './approvals';
import { bearer } from './factories';

/**
 * Chain settings and receiving addresses in tests, made the way the product makes them: the first admin
 * asks, and when the change waits for a second admin (202, decision 0029) the second one approves it. Throws
 * unless the change is in force afterwards.
 */
export type AdminPair = { tokenA: string; tokenB: string };

async function asTwoAdmins(
  app: App,
  admins: AdminPair,
  method: 'PUT' | 'POST',
  url: string,
  payload: object,
): Promise<void> {
  const res: LightMyRequestResponse = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(admins.tokenA),
    payload,
  });
  if (res.statusCode === 202) {
    await approveWaiting(app, res, admins.tokenB);
    return;
  }
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
}

/** Sets a chain's accepted token, decimals, confirmations and switch (PUT /chains/:id). */
export const configureChain = (
  app: App,
  admins: AdminPair,
  chainId: number,
  settings: {
    enabled: boolean;
    token_address: string;
    token_symbol: string;
    token_decimals: number;
    confirmations: number;
    /** Decision 0033: the smallest credited transfer to a member address, and the member addresses' factory. */
    min_deposit?: string;
    forwarder_factory?: string | null;
    /** Decision 0034: the BatchPayout contract approved withdrawals are paid through. */
    payout_contract?: string | null;
    reason?: string;
  },
) => asTwoAdmins(app, admins, 'PUT', `/chains/${chainId}`, { reason: 'test set-up', ...settings });

/** Sets a receiving address (POST /qr/add). */
export const setReceivingAddress = (
  app: App,
  admins: AdminPair,
  body: { currency: 'BEP20' | 'TRC20'; address: string; chain_id?: number; label?: string; reason?: string },
) => asTwoAdmins(app, admins, 'POST', '/qr/add', { reason: 'test set-up', ...body });
