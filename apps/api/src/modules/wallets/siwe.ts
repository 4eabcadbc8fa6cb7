import { randomBytes } from 'node:crypto';
import { WALLET_CHALLENGE_TTL_MS } from '@sgx/contracts';
import { type Address, getAddress, type Hex, type PublicClient, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';

/** What the wallet shows the member above the fields of the message. */
export const WALLET_STATEMENT =
  'Link this wallet to your SocialGenX account. This does not send money or cost gas.';

/**
 * A one-time nonce: 128 random bits from the operating system as 32 hex digits (EIP-4361 wants at least
 * 8 alphanumeric characters). viem's `generateSiweNonce` draws from Math.random, which is not meant to be
 * unguessable, so it is not used.
 */
export function siweNonce(): string {
  return randomBytes(16).toString('hex');
}

export type Challenge = { nonce: string; message: string; issuedAt: Date; expiresAt: Date };

/**
 * The EIP-4361 (Sign-In with Ethereum) message a member signs to prove a wallet: for the web app's host
 * (domain) and address (uri), the checksummed wallet address and the chain, valid for ten minutes.
 */
export function buildChallenge(input: {
  appUrl: string;
  address: string;
  chainId: number;
  issuedAt?: Date;
  nonce?: string;
}): Challenge {
  const issuedAt = input.issuedAt ?? new Date();
  const expiresAt = new Date(issuedAt.getTime() + WALLET_CHALLENGE_TTL_MS);
  const nonce = input.nonce ?? siweNonce();
  const message = createSiweMessage({
    domain: new URL(input.appUrl).host,
    address: getAddress(input.address),
    statement: WALLET_STATEMENT,
    uri: input.appUrl,
    version: '1',
    chainId: input.chainId,
    nonce,
    issuedAt,
    expirationTime: expiresAt,
  });
  return { nonce, message, issuedAt, expiresAt };
}

/** The nonce a submitted message names, or undefined when it is no EIP-4361 message. */
export function nonceOf(message: string): string | undefined {
  try {
    return parseSiweMessage(message).nonce || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `signature` is `address`'s personal_sign (EIP-191) signature of `message`: first offline
 * (ecrecover, an ordinary key); failing that, when the server reads the chain, by asking the chain, which
 * also accepts smart-contract wallets (EIP-1271, and EIP-6492 for ones not deployed yet). Never throws.
 */
export async function signatureMatches(
  address: Address,
  message: string,
  signature: Hex,
  client?: Pick<PublicClient, 'verifyMessage'>,
): Promise<boolean> {
  try {
    if (await verifyMessage({ address, message, signature })) return true;
  } catch {
    // Not a 65-byte ECDSA signature: perhaps a contract wallet's.
  }
  if (!client) return false;
  try {
    return await client.verifyMessage({ address, message, signature });
  } catch {
    // The node refused or did not answer: not proven.
    return false;
  }
}
