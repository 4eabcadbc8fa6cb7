import type { ChainsResponse } from '@sgx/contracts';
import type { Provider as ReactProvider } from 'react';
import { type Config, createStorage, injected, WagmiContext } from 'wagmi';
import { reconnect } from 'wagmi/actions';
import { walletConnect } from 'wagmi/connectors/walletConnect';
import { buildWagmiConfig } from '../wagmiConfig';

export interface WalletRuntime {
  config: Config;
  /** wagmi's context provider: wallet screens render it around themselves (see WalletGate). */
  Provider: ReactProvider<Config | undefined>;
}

/**
 * Loaded on demand (its own chunk, with wagmi and viem). Builds the one wagmi config from the chains the
 * server serves, keeps wagmi's state in localStorage, and restores the last connection at once, as
 * WagmiProvider's reconnectOnMount does. WalletConnect's own package loads only when that option is used.
 */
export function createWalletRuntime(chains: ChainsResponse): WalletRuntime {
  const config = buildWagmiConfig(chains, {
    storage: createStorage({ storage: window.localStorage }),
    connectors: {
      injected: () => injected({ shimDisconnect: true }),
      walletConnect: (projectId) =>
        walletConnect({
          projectId,
          showQrModal: true,
          metadata: {
            name: 'SocialGenX',
            description: 'Deposit USDT to your SocialGenX account from your wallet.',
            url: window.location.origin,
            icons: [`${window.location.origin}/favicon.svg`],
          },
        }),
    },
  });
  void reconnect(config);
  return { config, Provider: WagmiContext.Provider };
}
