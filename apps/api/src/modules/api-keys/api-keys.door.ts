import { createHash } from 'node:crypto';
import { type StaffRole, scopeParts, staffMay } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ApiKeyDoor } from '../../http/access';
import { type AppError, forbidden, unauthenticated } from '../../http/errors';
import type { Principal } from '../../http/principal';
import type { RateLimiter } from '../../http/rate-limit';

/** A key's rate-limit window: its `rate_limit` calls per minute. */
export const KEY_WINDOW_MS = 60_000;

export const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** The client's address as PostgreSQL's inet reads it: an IPv4 address mapped into IPv6 is the IPv4 one. */
export const clientAddress = (ip: string): string =>
  ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;

export const KEY_REVOKED = 'This API key has been revoked.';
export const KEY_EXPIRED = 'This API key has expired.';
export const KEY_CREATOR_GONE =
  'This API key no longer works: its creator left or no longer holds the role it was made with.';
export const KEY_NETWORK = 'This API key may not be used from this network.';

/**
 * The access hook's door for API keys (decision 0071). Every call reads the key and its creator in one statement,
 * never cached, so a revocation, a suspension or a role change counts on the next call on every instance; the same
 * statement notes the key's last use at most once a minute.
 */
export class ApiKeyLookup implements ApiKeyDoor {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
  ) {}

  async resolve(
    token: string,
    ip: string,
  ): Promise<{ principal: Principal; refusal: AppError | null; rateLimit: number } | null> {
    const address = clientAddress(ip);
    const { rows } = await sql<{
      id: bigint;
      user_id: bigint;
      kind: 'staff' | 'member';
      scopes: string[];
      rate_limit: number;
      revoked: boolean;
      expired: boolean;
      network_ok: boolean;
      creator_ok: boolean;
      staff_roles: string[];
    }>`
      WITH k AS (
        SELECT k.id, k.user_id, k.kind, k.scopes, k.rate_limit, k.last_used_at,
               k.revoked_at IS NOT NULL AS revoked,
               (k.expires_at IS NOT NULL AND k.expires_at <= now()) AS expired,
               (cardinality(k.networks) = 0 OR ${address}::inet <<= ANY (k.networks)) AS network_ok,
               (u.deleted_at IS NULL AND u.suspended_at IS NULL
                AND u.role = CASE k.kind WHEN 'staff' THEN 'admin' ELSE 'user' END) AS creator_ok,
               u.staff_roles
        FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.secret_hash = ${hashSecret(token)}
      ), used AS (
        UPDATE api_keys SET last_used_at = now(), last_used_ip = ${address}::inet
        WHERE id = (SELECT id FROM k WHERE NOT revoked AND NOT expired AND network_ok AND creator_ok
                      AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute'))
      )
      SELECT id, user_id, kind, scopes, rate_limit, revoked, expired, network_ok, creator_ok, staff_roles FROM k`.execute(
      this.db,
    );
    const row = rows[0];
    if (!row) return null;
    const staffRoles = (row.staff_roles ?? []) as StaffRole[];
    const principal: Principal = {
      userId: row.user_id,
      role: row.kind === 'staff' ? 'admin' : 'user',
      sessionId: -row.id,
      secondFactor: 'ok',
      twoFactorOn: true,
      staffRoles: row.kind === 'staff' ? staffRoles : [],
      apiKeyId: row.id,
      apiKeyScopes: row.scopes,
    };
    return { principal, refusal: refusalOf(row, staffRoles), rateLimit: row.rate_limit };
  }

  /** One call on the key's own counter, shared by every instance (`apikey:<id>`); past its limit a 429. */
  async count(keyId: bigint, limit: number): Promise<void> {
    await this.limiter.hit(`apikey:${keyId}`, limit, KEY_WINDOW_MS);
  }
}

/** Why a key may not be used at all, or null. A staff key dies when its creator's roles no longer grant a scope. */
function refusalOf(
  row: {
    kind: string;
    scopes: string[];
    revoked: boolean;
    expired: boolean;
    network_ok: boolean;
    creator_ok: boolean;
  },
  roles: readonly StaffRole[],
): AppError | null {
  if (row.revoked) return unauthenticated(KEY_REVOKED);
  if (row.expired) return unauthenticated(KEY_EXPIRED);
  const granted = row.scopes.every((s) => {
    if (row.kind === 'member') return true;
    const parts = scopeParts(s);
    return parts !== null && staffMay(roles, parts.area, parts.grant);
  });
  if (!row.creator_ok || !granted) return unauthenticated(KEY_CREATOR_GONE);
  if (!row.network_ok) return forbidden(KEY_NETWORK);
  return null;
}
