import { chainById, isUserRejection, needsAddChain, walletErrorMessage } from '@sgx/chain';
import type { ChainConfig } from '@sgx/contracts';
import { useState } from 'react';
import { type AddEthereumChainParameter, type EIP1193Provider, numberToHex } from 'viem';
import { useConnection, useSwitchChain } from 'wagmi';
import { useChains } from '../api/chainsApi';

/** What a wallet is told when it adds a chain: the server's public endpoints and explorer. */
export function addChainParameter(
  chainId: number,
  served: ChainConfig | undefined,
): AddEthereumChainParameter {
  const known = chainById(chainId);
  const rpcUrls = served?.rpcUrls.length ? served.rpcUrls : [...(known?.publicRpcUrls ?? [])];
  const explorer = served?.explorerUrl ?? known?.explorerUrl;
  return {
    chainId: numberToHex(chainId),
    chainName: known?.name ?? served?.name ?? `Chain ${chainId}`,
    ...(known !== undefined ? { nativeCurrency: known.nativeCurrency } : {}),
    rpcUrls,
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  };
}

/** A chain the wallet does not know yet: the member may add it (see AddChainDialog). */
export interface MissingChain {
  chainId: number;
  parameter: AddEthereumChainParameter;
}

/**
 * Switching the wallet's chain. When the wallet lacks the chain (error 4902), `missing` names it so the
 * screen can offer to add it (wallet_addEthereumChain), then switch.
 */
export function useChainSwitch() {
  const { connector } = useConnection();
  const switchChain = useSwitchChain();
  const chains = useChains();
  const [missing, setMissing] = useState<MissingChain | null>(null);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  const parameterFor = (chainId: number) =>
    addChainParameter(
      chainId,
      chains.data?.chains.find((c) => c.id === chainId),
    );

  /** Resolves when the wallet is on `chainId`; a missing chain sets `missing` and rejects. */
  const switchTo = async (chainId: number): Promise<void> => {
    const { chainId: _hex, ...addEthereumChainParameter } = parameterFor(chainId);
    try {
      await switchChain.mutateAsync({ chainId, addEthereumChainParameter });
    } catch (error) {
      if (needsAddChain(error) && !isUserRejection(error)) {
        setAddError(null);
        setMissing({ chainId, parameter: parameterFor(chainId) });
      }
      throw error;
    }
  };

  /** wallet_addEthereumChain with the server's endpoints, then the switch. */
  const addMissing = async (): Promise<boolean> => {
    if (missing === null || connector === undefined) return false;
    setAdding(true);
    setAddError(null);
    try {
      const provider = (await connector.getProvider()) as EIP1193Provider;
      await provider.request({ method: 'wallet_addEthereumChain', params: [missing.parameter] });
      await switchChain.mutateAsync({ chainId: missing.chainId });
      setMissing(null);
      return true;
    } catch (error) {
      setAddError(walletErrorMessage(error));
      return false;
    } finally {
      setAdding(false);
    }
  };

  return {
    switchTo,
    switching: switchChain.isPending,
    missing,
    addMissing,
    adding,
    addError,
    dismissMissing: () => setMissing(null),
  };
}
