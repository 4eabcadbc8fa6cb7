import { randomBytes } from 'node:crypto';
import { type LinkedWallet, type SupportedChainId, WALLET_CHALLENGE_TTL_MS } from '@sgx/contracts';
import { sql } from 'kysely';
import { getAddress, type Hex, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db';
import { badRequest, conflict, notFound, rateLimited } from '../../http/errors';
import type { ChainsService } from '../chains/chains.service';

/** At most this many challenges per member in ten minutes. */
const CHALLENGES_PER_WINDOW = 20;
const NONCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function nonce(): string {
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += NONCE_ALPHABET[b % NONCE_ALPHABET.length];
  return out;
}

const LINKED_ELSEWHERE = 'This wallet is linked to another account.';

/** The member a wallet is linked to, if any. */
export async function linkedOwnerOf(db: DbOrTx, address: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('member_wallets')
    .select('user_id')
    .where('address', '=', address.toLowerCase())
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Wallets a member proved they control by signing a one-time EIP-4361 message the server issued
 * (10 minutes, single use). An address belongs to one member at a time.
 */
export class WalletsService {
  private readonly domain: string;

  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly config: Config,
  ) {
    this.domain = new URL(config.appUrl).host;
  }

  async challenge(
    userId: bigint,
    address: string,
    chainId: SupportedChainId,
    now = new Date(),
  ): Promise<{ message: string; expiresAt: string }> {
    const owner = await linkedOwnerOf(this.db, address);
    if (owner !== undefined)
      throw conflict(owner === userId ? 'This wallet is already linked to your account.' : LINKED_ELSEWHERE);
    const recent = await this.db
      .selectFrom('wallet_challenges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', new Date(now.getTime() - WALLET_CHALLENGE_TTL_MS))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= CHALLENGES_PER_WINDOW) throw rateLimited(60);
    const expires = new Date(now.getTime() + WALLET_CHALLENGE_TTL_MS);
    const n = nonce();
    const message = createSiweMessage({
      domain: this.domain,
      address: getAddress(address),
      statement: 'Link this wallet to your SocialGenX account. This does not send money or cost gas.',
      uri: this.config.appUrl,
      version: '1',
      chainId,
      nonce: n,
      issuedAt: now,
      expirationTime: expires,
    });
    await this.db
      .insertInto('wallet_challenges')
      .values({
        nonce: n,
        user_id: userId,
        address: address.toLowerCase(),
        chain_id: chainId,
        message,
        expires_at: expires,
        created_at: now,
      })
      .execute();
    return { message, expiresAt: expires.toISOString() };
  }

  async link(userId: bigint, message: string, signature: Hex): Promise<LinkedWallet> {
    const parsed = parseSiweMessage(message);
    if (!parsed.nonce || !parsed.address) throw badRequest('Unknown challenge. Ask for a new one.');
    // Single use, even when the signature turns out wrong: claimed atomically before it is checked.
    const claimed = await this.db
      .updateTable('wallet_challenges')
      .set({ used_at: new Date() })
      .where('nonce', '=', parsed.nonce)
      .where('user_id', '=', userId)
      .where('message', '=', message)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['address', 'chain_id'])
      .executeTakeFirst();
    if (!claimed) {
      const known = await this.db
        .selectFrom('wallet_challenges')
        .select(['used_at', 'expires_at', 'message'])
        .where('nonce', '=', parsed.nonce)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!known || known.message !== message) throw badRequest('Unknown challenge. Ask for a new one.');
      if (known.used_at) throw conflict('This challenge has already been used. Ask for a new one.');
      throw badRequest('This challenge has expired. Ask for a new one.');
    }
    const address = getAddress(claimed.address);
    if (!(await this.signatureMatches(address, message, signature, claimed.chain_id)))
      throw badRequest('The signature does not match this wallet.', {
        signature: ['The signature does not match this wallet.'],
      });
    const inserted = await this.db
      .insertInto('member_wallets')
      .values({ address: claimed.address, user_id: userId, chain_id: claimed.chain_id })
      .onConflict((oc) => oc.column('address').doNothing())
      .returning('linked_at')
      .executeTakeFirst();
    if (!inserted) {
      const owner = await linkedOwnerOf(this.db, address);
      throw conflict(owner === userId ? 'This wallet is already linked to your account.' : LINKED_ELSEWHERE);
    }
    return this.one(userId, address);
  }

  /** An EOA signature offline; a smart-contract wallet (EIP-1271) through the chain when it is read. */
  private async signatureMatches(address: Hex, message: string, signature: Hex, chainId: number) {
    try {
      if (await verifyMessage({ address, message, signature })) return true;
    } catch {
      // Not a 65-byte ECDSA signature: perhaps a contract wallet's.
    }
    const client = this.chains.client(chainId);
    if (!client) return false;
    try {
      return await client.verifyMessage({ address, message, signature });
    } catch {
      return false;
    }
  }

  async list(userId: bigint): Promise<LinkedWallet[]> {
    const rows = await this.db
      .selectFrom('member_wallets as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select([
        'w.address',
        'w.chain_id',
        'w.linked_at',
        sql<boolean>`lower(coalesce(u.bep20, '')) = w.address`.as('is_payout'),
      ])
      .where('w.user_id', '=', userId)
      .orderBy('w.linked_at', 'desc')
      .execute();
    return rows.map((r) => ({
      address: getAddress(r.address),
      chainId: r.chain_id,
      linked_at: r.linked_at.toISOString(),
      is_payout: r.is_payout,
    }));
  }

  async one(userId: bigint, address: string): Promise<LinkedWallet> {
    const w = (await this.list(userId)).find((x) => x.address.toLowerCase() === address.toLowerCase());
    if (!w) throw notFound('This wallet is not linked to your account.');
    return w;
  }

  /** Unlinks a wallet. The payout address is left as it is: it is changed only on purpose. */
  async unlink(userId: bigint, address: string): Promise<void> {
    const gone = await this.db
      .deleteFrom('member_wallets')
      .where('address', '=', address.toLowerCase())
      .where('user_id', '=', userId)
      .returning('address')
      .executeTakeFirst();
    if (!gone) throw notFound('This wallet is not linked to your account.');
  }

  /** Lowercase addresses of the member's linked wallets. */
  async addressesOf(userId: bigint): Promise<string[]> {
    const rows = await this.db
      .selectFrom('member_wallets')
      .select('address')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.address);
  }
}
