import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { chainKeys } from './api/chainKeys';
import type { WalletRuntime } from './runtime/walletRuntime';

type RuntimeModule = typeof import('./runtime/walletRuntime');

export type WalletRuntimeState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; runtime: WalletRuntime }
  | { status: 'error'; error: unknown };

interface WalletRuntimeContextValue {
  state: WalletRuntimeState;
  /** Starts loading the wallet code and the chains (once); components that need a wallet call it. */
  request: () => void;
  /** After a failure: try again. */
  retry: () => void;
}

const WalletRuntimeContext = createContext<WalletRuntimeContextValue | null>(null);

/**
 * The wallet provider of spec 2.12, under the data cache. The wallet libraries (wagmi, viem, WalletConnect)
 * are large and only the member's wallet screens use them, so nothing is loaded until such a screen asks
 * (`WalletGate`): then the chains come from GET /chains, the wallet code arrives as its own chunk, one wagmi
 * config is built and the last connection is restored. The first screens never download any of it.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const [requested, setRequested] = useState(false);
  const [module, setModule] = useState<RuntimeModule | null>(null);
  const [moduleError, setModuleError] = useState<unknown>(null);
  const [runtime, setRuntime] = useState<WalletRuntime | null>(null);
  const loading = useRef(false);
  const chains = useQuery({
    queryKey: chainKeys.all,
    // The chains' client (and the contracts that check its answer) loads with the first wallet screen.
    queryFn: ({ signal }) => import('./api/chainsApi').then(({ fetchChains }) => fetchChains(signal)),
    staleTime: 60_000,
    enabled: requested,
  });

  // The wallet code: its own chunk, downloaded once (again only after a failure).
  const loadModule = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    setModuleError(null);
    import('./runtime/walletRuntime').then(setModule, setModuleError).finally(() => {
      loading.current = false;
    });
  }, []);

  // One config for the page's life: its chains and endpoints are read once, so a connection survives
  // later reads of the chain settings.
  useEffect(() => {
    if (runtime !== null || module === null || chains.data === undefined || moduleError !== null) return;
    try {
      setRuntime(module.createWalletRuntime(chains.data));
    } catch (error) {
      setModuleError(error);
    }
  }, [runtime, module, chains.data, moduleError]);

  const request = useCallback(() => {
    setRequested(true);
    if (module === null) loadModule();
  }, [module, loadModule]);
  const { refetch } = chains;
  const retry = useCallback(() => {
    if (module === null) loadModule();
    else setModuleError(null);
    void refetch();
  }, [module, loadModule, refetch]);

  const state: WalletRuntimeState = useMemo(() => {
    if (runtime !== null) return { status: 'ready', runtime };
    if (!requested) return { status: 'idle' };
    if (moduleError !== null) return { status: 'error', error: moduleError };
    if (chains.isError && chains.data === undefined) return { status: 'error', error: chains.error };
    return { status: 'loading' };
  }, [runtime, requested, moduleError, chains.isError, chains.data, chains.error]);

  const value = useMemo(() => ({ state, request, retry }), [state, request, retry]);
  return <WalletRuntimeContext.Provider value={value}>{children}</WalletRuntimeContext.Provider>;
}

/** The wallet runtime's state; asks for it to be loaded. */
export function useWalletRuntime(): WalletRuntimeContextValue {
  const value = useWalletRuntimeState();
  const { request } = value;
  useEffect(() => request(), [request]);
  return value;
}

/**
 * The wallet runtime's state without asking for it: for controls on every page (the member header) that
 * load the wallet stack only when the member needs it (a click, or a connection to restore).
 */
export function useWalletRuntimeState(): WalletRuntimeContextValue {
  const value = useContext(WalletRuntimeContext);
  if (value === null) throw new Error('useWalletRuntime needs <WalletProvider> above it.');
  return value;
}
