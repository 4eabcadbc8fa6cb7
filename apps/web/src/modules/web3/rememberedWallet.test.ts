import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasRememberedWallet } from './rememberedWallet';

/** wagmi's persisted store (createConfig's `partialize`), as createStorage writes it to localStorage. */
const store = (current: string | null) =>
  JSON.stringify({
    state: { connections: { __type: 'Map', value: [] }, chainId: 56, current },
    version: 2,
  });

function withStorage(items: Record<string, string>) {
  vi.stubGlobal('window', { localStorage: { getItem: (k: string) => items[k] ?? null } });
}

describe('hasRememberedWallet (the header restores a wallet without loading wagmi first)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is true when wagmi keeps a current connection', () => {
    withStorage({ 'wagmi.store': store('injected-uid-1') });
    expect(hasRememberedWallet()).toBe(true);
  });

  it('is false before any connection, after a disconnect, and on unreadable storage', () => {
    withStorage({});
    expect(hasRememberedWallet()).toBe(false);
    withStorage({ 'wagmi.store': store(null), 'wagmi.recentConnectorId': '"injected"' });
    expect(hasRememberedWallet()).toBe(false);
    withStorage({ 'wagmi.store': '{not json' });
    expect(hasRememberedWallet()).toBe(false);
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
    });
    expect(hasRememberedWallet()).toBe(false);
  });
});
