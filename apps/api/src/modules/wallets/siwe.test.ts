import { WALLET_CHALLENGE_TTL_MS } from '@sgx/contracts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { buildChallenge, nonceOf, signatureMatches, siweNonce, WALLET_STATEMENT } from './siwe';

const account = privateKeyToAccount(generatePrivateKey());

describe('the wallet challenge message', () => {
  it('is EIP-4361 for the app host, checksummed address and chain, valid ten minutes', () => {
    const issuedAt = new Date('2026-01-02T03:04:05.678Z');
    const c = buildChallenge({
      appUrl: 'http://localhost:5173',
      address: account.address.toLowerCase(),
      chainId: 42161,
      issuedAt,
    });
    expect(c.expiresAt.getTime() - issuedAt.getTime()).toBe(WALLET_CHALLENGE_TTL_MS);
    const parsed = parseSiweMessage(c.message);
    expect(parsed).toEqual({
      domain: 'localhost:5173',
      address: account.address,
      statement: WALLET_STATEMENT,
      uri: 'http://localhost:5173',
      version: '1',
      chainId: 42161,
      nonce: c.nonce,
      issuedAt,
      expirationTime: c.expiresAt,
    });
    expect(nonceOf(c.message)).toBe(c.nonce);
    expect(
      validateSiweMessage({
        message: parsed,
        domain: 'localhost:5173',
        time: new Date(issuedAt.getTime() + 1000),
      }),
    ).toBe(true);
    expect(validateSiweMessage({ message: parsed, time: c.expiresAt })).toBe(false);
  });

  it('draws unguessable alphanumeric nonces of 32 characters', () => {
    const nonces = new Set(Array.from({ length: 1000 }, siweNonce));
    expect(nonces.size).toBe(1000);
    for (const n of nonces) expect(n).toMatch(/^[0-9a-f]{32}$/);
  });

  it('finds no nonce in what is no EIP-4361 message', () => {
    expect(nonceOf('')).toBeUndefined();
    expect(nonceOf('hello')).toBeUndefined();
    expect(nonceOf('Nonce: abc')).toBeUndefined();
  });
});

describe('checking a signature', () => {
  const message = buildChallenge({ appUrl: 'https://x.test', address: account.address, chainId: 56 }).message;

  it('accepts the key holder and refuses another key, another message and junk, offline', async () => {
    expect(await signatureMatches(account.address, message, await account.signMessage({ message }))).toBe(
      true,
    );
    const other = privateKeyToAccount(generatePrivateKey());
    expect(await signatureMatches(account.address, message, await other.signMessage({ message }))).toBe(
      false,
    );
    expect(
      await signatureMatches(account.address, message, await account.signMessage({ message: 'x' })),
    ).toBe(false);
    expect(await signatureMatches(account.address, message, '0x1234')).toBe(false);
  });

  it('asks the chain (EIP-1271) only when the offline check fails, and a failing node proves nothing', async () => {
    const calls: unknown[] = [];
    const yes = {
      verifyMessage: async (args: unknown) => {
        calls.push(args);
        return true;
      },
    } as unknown as Parameters<typeof signatureMatches>[3];
    expect(
      await signatureMatches(account.address, message, await account.signMessage({ message }), yes),
    ).toBe(true);
    expect(calls).toHaveLength(0);
    expect(await signatureMatches(account.address, message, '0xdeadbeef', yes)).toBe(true);
    expect(calls).toEqual([{ address: account.address, message, signature: '0xdeadbeef' }]);
    const down = {
      verifyMessage: async () => {
        throw new Error('node down');
      },
    } as unknown as Parameters<typeof signatureMatches>[3];
    expect(await signatureMatches(account.address, message, '0xdeadbeef', down)).toBe(false);
  });
});
