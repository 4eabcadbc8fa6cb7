import { type LinkedWallet, type SupportedChainId, WALLET_CHALLENGE_TTL_MS } from '@sgx/contracts';
import { sql } from 'kysely';
import { getAddress, type Hex } from 'viem';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db';
import { badRequest, businessRule, conflict, notFound, rateLimited } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import type { ChainsService } from '../chains/chains.service';
import { recordRefusalIfListed } from '../sanctions/sanctions.hits';
import { buildChallenge, nonceOf, signatureMatches } from './siwe';

/** A member may ask for at most this many challenges in one challenge lifetime (ten minutes). */
export const CHALLENGES_PER_WINDOW = 20;

export const WALLET_ERRORS = {
  linkedElsewhere: 'This wallet is linked to another account.',
  linkedToYou: 'This wallet is already linked to your account.',
  unknown: 'Unknown challenge. Ask for a new one.',
  expired: 'This challenge has expired. Ask for a new one.',
  used: 'This challenge has already been used. Ask for a new one.',
  badSignature: 'The signature does not match this wallet.',
  notYours: 'This wallet is not linked to your account.',
} as const;

/** The member a wallet is linked to, if any (any case of the address). Used by the deposit verifier. */
/** Lowercase addresses of a member's linked wallets. */
export async function walletAddressesOf(db: DbOrTx, userId: bigint): Promise<string[]> {
  const rows = await db
    .selectFrom('member_wallets')
    .select('address')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.address);
}

export async function linkedOwnerOf(db: DbOrTx, address: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('member_wallets')
    .select('user_id')
    .where('address', '=', address.toLowerCase())
    .executeTakeFirst();
  return row?.user_id;
}

const alreadyLinked = (owner: bigint, userId: bigint) =>
  conflict(owner === userId ? WALLET_ERRORS.linkedToYou : WALLET_ERRORS.linkedElsewhere);

/**
 * Wallets a member proved they control by signing a one-time EIP-4361 message the server issued (valid
 * ten minutes, used once, bound to the member it was issued to). An address belongs to one member at a
 * time: `member_wallets.address` (lowercase) is the primary key. Linking and unlinking are audited.
 */
export class WalletsService {
  /** Called after a wallet is linked (the verifier looks again at deposits it refused for that sender). */
  onLinked: ((userId: bigint, address: string) => Promise<unknown> | unknown) | undefined;

  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly config: Config,
  ) {}

  /** Issues a challenge for `address` on `chainId` to the member. */
  async challenge(
    userId: bigint,
    address: string,
    chainId: SupportedChainId,
  ): Promise<{ message: string; expiresAt: string }> {
    return this.db.transaction().execute(async (tx) => {
      // One challenge at a time per member, so racing requests cannot pass the limit together.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`wallet_challenge:${userId}`}))`.execute(tx);
      const owner = await linkedOwnerOf(tx, address);
      if (owner !== undefined) throw alreadyLinked(owner, userId);
      const recent = await tx
        .selectFrom('wallet_challenges')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('created_at', '>', new Date(Date.now() - WALLET_CHALLENGE_TTL_MS))
        .orderBy('created_at', 'desc')
        .limit(CHALLENGES_PER_WINDOW)
        .execute();
      const oldest = recent[CHALLENGES_PER_WINDOW - 1];
      if (oldest) {
        // Free again when the oldest of the last twenty leaves the window.
        const wait = oldest.created_at.getTime() + WALLET_CHALLENGE_TTL_MS - Date.now();
        throw rateLimited(Math.max(1, Math.ceil(wait / 1000)));
      }
      const c = buildChallenge({ appUrl: this.config.appUrl, address, chainId });
      await tx
        .insertInto('wallet_challenges')
        .values({
          nonce: c.nonce,
          user_id: userId,
          address: address.toLowerCase(),
          chain_id: chainId,
          message: c.message,
          expires_at: c.expiresAt,
          created_at: c.issuedAt,
        })
        .execute();
      return { message: c.message, expiresAt: c.expiresAt.toISOString() };
    });
  }

  /** Links the wallet of a challenge the member signed. The challenge is spent whatever the outcome. */
  async link(userId: bigint, message: string, signature: Hex): Promise<LinkedWallet> {
    const nonce = nonceOf(message);
    if (!nonce) throw badRequest(WALLET_ERRORS.unknown);
    // Claimed atomically before the signature is checked: of any number of racing requests one wins,
    // and a wrong signature spends the challenge too (single use).
    const claimed = await this.db
      .updateTable('wallet_challenges')
      .set({ used_at: sql`now()` })
      .where('nonce', '=', nonce)
      .where('user_id', '=', userId)
      .where('message', '=', message)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['address', 'chain_id'])
      .executeTakeFirst();
    if (!claimed) {
      const known = await this.db
        .selectFrom('wallet_challenges')
        .select(['message', 'used_at'])
        .where('nonce', '=', nonce)
        .where('user_id', '=', userId) // a nonce issued to another member is unknown here
        .executeTakeFirst();
      // A message changed after it was issued (another chain, address, date...) is no challenge of ours.
      if (!known || known.message !== message) throw badRequest(WALLET_ERRORS.unknown);
      if (known.used_at) throw conflict(WALLET_ERRORS.used);
      throw badRequest(WALLET_ERRORS.expired);
    }

    const address = getAddress(claimed.address);
    if (!(await signatureMatches(address, message, signature, this.chains.client(claimed.chain_id))))
      throw badRequest(WALLET_ERRORS.badSignature);
    // A listed wallet is not linked; the member is flagged, compliance told (decision 0075).
    if (await recordRefusalIfListed(this.db, { kind: 'wallet', memberId: userId, address }))
      throw businessRule('This wallet cannot be linked. Our compliance team will contact you about it.');

    await this.db.transaction().execute(async (tx) => {
      // The primary key keeps an address with one member; a racing link by anyone waits here and then
      // inserts nothing (never a unique-violation 500).
      const inserted = await tx
        .insertInto('member_wallets')
        .values({ address: claimed.address, user_id: userId, chain_id: claimed.chain_id })
        .onConflict((oc) => oc.column('address').doNothing())
        .returning('address')
        .executeTakeFirst();
      if (!inserted) {
        const owner = await linkedOwnerOf(tx, claimed.address);
        throw owner === undefined ? conflict(WALLET_ERRORS.linkedElsewhere) : alreadyLinked(owner, userId);
      }
      await writeAudit(tx, {
        actorId: userId,
        action: 'wallet.link',
        entity: 'wallet',
        entityId: claimed.address,
        after: { address, chain_id: claimed.chain_id, user_id: userId },
      });
    });
    await this.onLinked?.(userId, claimed.address);
    return this.one(userId, address);
  }

  /** The member's wallets, newest first, checksummed, each saying whether it is the payout address. */
  async list(userId: bigint): Promise<LinkedWallet[]> {
    return this.query(userId);
  }

  /** One of the member's wallets; 404 when the address is not linked to this member. */
  async one(userId: bigint, address: string): Promise<LinkedWallet> {
    const [wallet] = await this.query(userId, address);
    if (!wallet) throw notFound(WALLET_ERRORS.notYours);
    return wallet;
  }

  /**
   * Unlinks one of the member's wallets. The payout address (users.bep20) is deliberately left as it is,
   * even when it is this wallet: it changes only when the member changes it.
   */
  async unlink(userId: bigint, address: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const gone = await tx
        .deleteFrom('member_wallets')
        .where('address', '=', address.toLowerCase())
        .where('user_id', '=', userId)
        .returning(['address', 'chain_id', 'linked_at'])
        .executeTakeFirst();
      if (!gone) throw notFound(WALLET_ERRORS.notYours);
      await writeAudit(tx, {
        actorId: userId,
        action: 'wallet.unlink',
        entity: 'wallet',
        entityId: gone.address,
        before: { address: getAddress(gone.address), chain_id: gone.chain_id, user_id: userId },
      });
    });
  }

  /** Lowercase addresses of the member's linked wallets. */
  async addressesOf(userId: bigint): Promise<string[]> {
    return walletAddressesOf(this.db, userId);
  }

  private async query(userId: bigint, address?: string): Promise<LinkedWallet[]> {
    let q = this.db
      .selectFrom('member_wallets as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select([
        'w.address',
        'w.chain_id',
        'w.linked_at',
        sql<boolean>`coalesce(lower(u.bep20) = w.address, false)`.as('is_payout'),
      ])
      .where('w.user_id', '=', userId);
    if (address !== undefined) q = q.where('w.address', '=', address.toLowerCase());
    const rows = await q.orderBy('w.linked_at', 'desc').orderBy('w.address').execute();
    return rows.map((r) => ({
      address: getAddress(r.address),
      chainId: r.chain_id,
      linked_at: r.linked_at.toISOString(),
      is_payout: r.is_payout,
    }));
  }
}
