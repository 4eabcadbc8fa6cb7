import {
  LinkedWalletResponse,
  LinkedWalletsResponse,
  MessageResponse,
  WalletChallengeResponse,
  type WalletPayoutBody,
} from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

export const walletKeys = { linked: ['wallets', 'linked'] as const };

/** GET /wallets: the wallets this member proved are theirs. */
export function useLinkedWallets(enabled = true) {
  return useQuery({
    queryKey: walletKeys.linked,
    queryFn: ({ signal }) => apiRequest('/wallets', { schema: LinkedWalletsResponse, signal }),
    select: (data) => data.wallets,
    enabled,
  });
}

/** POST /wallets/challenge: a one-time EIP-4361 message (10 minutes) for the wallet to sign. */
export function requestWalletChallenge(address: string, chainId: number) {
  return apiRequest('/wallets/challenge', {
    method: 'POST',
    body: { address, chainId },
    schema: WalletChallengeResponse,
  });
}

/** POST /wallets/link: the signed message proves the wallet; the server links it to this member. */
export function linkWallet(message: string, signature: string) {
  return apiRequest('/wallets/link', {
    method: 'POST',
    body: { message, signature },
    schema: LinkedWalletResponse,
  });
}

export function unlinkWallet(address: string, key: string) {
  return apiRequest(`/wallets/${address}`, {
    method: 'DELETE',
    schema: MessageResponse,
    idempotencyKey: key,
  });
}

/** Makes a linked wallet the member's EVM payout address (currency BEP20): the password and a code confirm it (decision 0025). */
export function makePayoutWallet(address: string, body: WalletPayoutBody) {
  return apiRequest(`/wallets/${address}/payout`, { method: 'POST', body, schema: LinkedWalletResponse });
}
