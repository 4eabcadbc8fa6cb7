import { needsAddChain, walletErrorMessage } from '@sgx/chain';
import { useState } from 'react';
import { useConnection } from 'wagmi';
import { useChainSwitch } from './useChainSwitch';

/** Where a wallet request stands: the network switch, then the transaction itself. */
export type WalletStage = 'switch' | 'send';

/**
 * One transaction from the connected wallet on a given chain: switches the wallet there first when it is
 * elsewhere (a chain it lacks sets `chainSwitch.missing`, for AddChainDialog), then runs the send. `run`
 * resolves to what the send gave, or null when nothing was sent (`error` then says why).
 */
export function useSwitchThenSend() {
  const { chainId: walletChainId } = useConnection();
  const chainSwitch = useChainSwitch();
  const [stage, setStage] = useState<WalletStage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async <T>(chainId: number, send: () => Promise<T>): Promise<T | null> => {
    if (stage !== null) return null;
    setError(null);
    try {
      if (walletChainId !== chainId) {
        setStage('switch');
        await chainSwitch.switchTo(chainId);
      }
      setStage('send');
      return await send();
    } catch (err) {
      // A chain the wallet lacks opens the add-network dialog instead.
      if (!needsAddChain(err)) setError(walletErrorMessage(err));
      return null;
    } finally {
      setStage(null);
    }
  };

  return {
    walletChainId,
    stage,
    busy: stage !== null,
    error,
    clearError: () => setError(null),
    run,
    chainSwitch,
  };
}
