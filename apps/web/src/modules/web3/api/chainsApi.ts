import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract, lazySchema } from '../../../app/lazySchema';
import { chainKeys } from './chainKeys';

export { chainKeys };

/** GET /chains (public): the EVM chains and TRON, their stablecoin, confirmations and the browser's RPC endpoints. */
export function fetchChains(signal?: AbortSignal) {
  return apiRequest('/chains', { schema: contract('ChainsResponse'), signal });
}

/** The chains as the server keeps them. Settings change rarely: a minute's cache is plenty. */
export function useChains(enabled = true) {
  return useQuery({
    queryKey: chainKeys.all,
    queryFn: ({ signal }) => fetchChains(signal),
    staleTime: 60_000,
    enabled,
  });
}

export interface ChainSettingsInput {
  enabled: boolean;
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  confirmations: number;
  /** Omitted: unchanged. */
  min_deposit?: string;
  /** Omitted: unchanged; null removes the factory. */
  forwarder_factory?: string | null;
  /** Omitted: unchanged; null removes the payout contract (decision 0034). */
  payout_contract?: string | null;
  reason: string;
}

const SavedChains = lazySchema((c) => c.ChainsResponse.extend(c.MessageResponse.shape));

/** Admin: a chain's stablecoin, decimals, confirmations, switch, minimum and deposit factory (audited with the reason). */
export function saveChainSettings(chainId: number, body: ChainSettingsInput, key: string) {
  return apiRequest(`/chains/${chainId}`, {
    method: 'PUT',
    body,
    schema: SavedChains,
    idempotencyKey: key,
  });
}
