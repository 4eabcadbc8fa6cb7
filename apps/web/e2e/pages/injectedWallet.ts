import type { Page } from '@playwright/test';

export interface InjectedWalletOptions {
  /** The local chain node the wallet talks to (anvil, chain 56). */
  rpcUrl: string;
  /** The account the wallet holds (unlocked on anvil, so anvil signs and sends for it). */
  account: string;
  /** The chain the wallet starts on, as hex. */
  chainId?: string;
  /** Refuse eth_sendTransaction with error 4001, as a member pressing Reject would. */
  rejectTransactions?: boolean;
}

/**
 * A browser wallet in the page, as MetaMask would inject it: window.ethereum (EIP-1193) and an EIP-6963
 * announcement. It knows only chain 56 (0x38) at first: switching elsewhere fails with 4902 like a wallet
 * without that network, until wallet_addEthereumChain adds it. Signing and sending go to anvil, which holds the dev accounts' keys; every other call is
 * forwarded to anvil as JSON-RPC. It remembers the site's permission across reloads, as a wallet does.
 */
export async function installInjectedWallet(page: Page, options: InjectedWalletOptions) {
  await page.addInitScript(
    ({ rpcUrl, account, chainId, rejectTransactions }) => {
      type Listener = (payload: unknown) => void;
      const listeners = new Map<string, Set<Listener>>();
      const known = new Set(['0x38']);
      const PERMISSION = 'e2e-wallet-permitted';
      let current = chainId;
      let nextId = 0;

      const emit = (event: string, payload: unknown) => {
        for (const fn of listeners.get(event) ?? []) {
          try {
            fn(payload);
          } catch (error) {
            console.error(error);
          }
        }
      };
      const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
      const permitted = () => localStorage.getItem(PERMISSION) === '1';
      const chainParam = (params: unknown[] | undefined) =>
        String((params?.[0] as { chainId?: string } | undefined)?.chainId ?? '').toLowerCase();

      async function node(method: string, params: unknown) {
        nextId += 1;
        const res = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: nextId, method, params: params ?? [] }),
        });
        const body = (await res.json()) as {
          result?: unknown;
          error?: { code: number; message: string; data?: unknown };
        };
        if (body.error) throw Object.assign(new Error(body.error.message), body.error);
        return body.result;
      }

      const provider = {
        isE2EWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
          switch (method) {
            case 'eth_requestAccounts':
              if (!permitted()) {
                localStorage.setItem(PERMISSION, '1');
                setTimeout(() => emit('accountsChanged', [account]), 0);
              }
              return [account];
            case 'eth_accounts':
              return permitted() ? [account] : [];
            case 'eth_chainId':
              return current;
            case 'net_version':
              return String(Number.parseInt(current, 16));
            case 'wallet_requestPermissions':
              localStorage.setItem(PERMISSION, '1');
              return [{ parentCapability: 'eth_accounts' }];
            case 'wallet_getPermissions':
              return permitted() ? [{ parentCapability: 'eth_accounts' }] : [];
            case 'wallet_revokePermissions':
              localStorage.removeItem(PERMISSION);
              setTimeout(() => emit('accountsChanged', []), 0);
              return null;
            case 'wallet_switchEthereumChain': {
              const target = chainParam(params);
              if (!known.has(target)) throw fail(4902, `Unrecognized chain ID "${target}".`);
              if (target !== current) {
                current = target;
                setTimeout(() => emit('chainChanged', target), 0);
              }
              return null;
            }
            case 'wallet_addEthereumChain': {
              // As MetaMask does: the network is added, and the wallet switches to it.
              const target = chainParam(params);
              known.add(target);
              if (target !== current) {
                current = target;
                setTimeout(() => emit('chainChanged', target), 0);
              }
              return null;
            }
            case 'personal_sign':
            case 'eth_sign':
            case 'eth_signTypedData_v4':
              if (!permitted()) throw fail(4100, 'Unauthorized');
              return node(method, params);
            case 'eth_sendTransaction':
              if (!permitted()) throw fail(4100, 'Unauthorized');
              if (rejectTransactions) throw fail(4001, 'User rejected the request.');
              return node(method, params);
            default:
              return node(method, params);
          }
        },
        on(event: string, fn: Listener) {
          let set = listeners.get(event);
          if (set === undefined) {
            set = new Set();
            listeners.set(event, set);
          }
          set.add(fn);
          return provider;
        },
        removeListener(event: string, fn: Listener) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
      };

      Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
      const detail = Object.freeze({
        info: {
          uuid: '6b9c7a2e-3c2f-4d7e-9f7b-2a1e5c0d9e11',
          name: 'E2E Wallet',
          icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"%3E%3Crect width="32" height="32" rx="8" fill="%236366f1"/%3E%3C/svg%3E',
          rdns: 'org.socialgenx.e2e-wallet',
        },
        provider,
      });
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
      // Connected wallets tell the page once it is listening.
      setTimeout(() => emit('connect', { chainId: current }), 0);
    },
    {
      rpcUrl: options.rpcUrl,
      account: options.account,
      chainId: options.chainId ?? '0x38',
      rejectTransactions: options.rejectTransactions ?? false,
    },
  );
}
