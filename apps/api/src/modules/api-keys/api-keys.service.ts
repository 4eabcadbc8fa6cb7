import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  API_KEY_PREFIX,
  type ApiKey,
  grantableScopes,
  MEMBER_KEY_SCOPE,
  type MemberApiKeyBody,
  type StaffApiKeyBody,
  type StaffRole,
} from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { badRequest, businessRule, forbidden, notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { writeAudit } from '../audit/audit.repo';
import { requireSecondFactor } from '../auth/second-factor';
import { hashSecret } from './api-keys.door';

/** How much of the secret the listings show: the prefix and eight characters. */
const SHOWN = API_KEY_PREFIX.length + 8;

type Made = {
  name: string;
  scopes: string[];
  expires_at?: string | null | undefined;
  networks: string[];
  rate_limit?: number | undefined;
};
type Row = {
  id: bigint;
  kind: 'staff' | 'member';
  name: string;
  prefix: string;
  scopes: string[];
  networks: string[];
  rate_limit: number;
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  user_id: bigint;
  username: string | null;
};

/** A key as listed, with its creator's username (never its hash). */
const KEY_COLUMNS = sql`
  SELECT k.id, k.kind, k.name, k.prefix, k.scopes, k.networks::text[] AS networks, k.rate_limit, k.expires_at,
         k.created_at, k.last_used_at, k.revoked_at, k.user_id, u.username
  FROM api_keys k LEFT JOIN users u ON u.id = k.user_id`;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const view = (r: Row): ApiKey => ({
  id: Number(r.id),
  kind: r.kind,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  networks: r.networks,
  rate_limit: r.rate_limit,
  expires_at: iso(r.expires_at),
  created_at: r.created_at.toISOString(),
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
  user_id: Number(r.user_id),
  username: r.username,
});

/** A network as written (an address, or an address and a prefix length), checked; a 400 on `networks` otherwise. */
export function checkedNetwork(text: string): string {
  const [address = '', bits, extra] = text.split('/');
  const family = isIP(address);
  const max = family === 4 ? 32 : 128;
  const length = bits === undefined ? max : Number(bits);
  if (family === 0 || extra !== undefined || !Number.isInteger(length) || length < 0 || length > max)
    throw badRequest('Enter each network as an address or CIDR, e.g. 203.0.113.0/24 or 2001:db8::/32.', {
      networks: ['Enter each network as an address or CIDR, e.g. 203.0.113.0/24 or 2001:db8::/32.'],
    });
  return `${address}/${length}`;
}

/**
 * API keys (decision 0071): made with the creator's second-factor code, the secret shown once and kept as its
 * SHA-256; listed without it; revoked at once (the access hook reads the key on every call).
 */
export class ApiKeysService {
  constructor(private readonly db: Db) {}

  /** The scopes a caller may give a key: a member `account:read`; staff what their roles grant. */
  grantable(p: Principal): string[] {
    return p.role === 'admin'
      ? grantableScopes(p.staffRoles ?? (['owner'] as StaffRole[]))
      : [MEMBER_KEY_SCOPE];
  }

  /**
   * A staff member's keys; the owner's listing has every staff key (owners may revoke any). A member: their own.
   */
  async list(p: Principal): Promise<ApiKey[]> {
    const owner = p.role === 'admin' && (p.staffRoles ?? ['owner']).includes('owner');
    const { rows } = await sql<Row>`
      ${KEY_COLUMNS}
      WHERE ${owner ? sql`k.kind = 'staff'` : sql`k.user_id = ${p.userId}`}
      ORDER BY k.revoked_at IS NOT NULL, k.id DESC
      LIMIT 500`.execute(this.db);
    return rows.map(view);
  }

  async createStaff(p: Principal, b: StaffApiKeyBody & { code: string }, ip: string) {
    const allowed = new Set(this.grantable(p));
    const scopes = (b.scopes ?? []) as string[];
    const outside = scopes.find((s) => !allowed.has(s));
    if (outside !== undefined) throw forbidden(`Your staff role cannot give a key the scope ${outside}.`);
    if (!(await requireSecondFactor(this.db, { userId: p.userId, sessionId: p.sessionId, ip }, b.code)))
      throw forbidden('Set up two-factor sign-in first: it is required for administrators.');
    return this.make(p, 'staff', { ...b, scopes, networks: b.networks ?? [] });
  }

  async createMember(p: Principal, b: MemberApiKeyBody & { code: string }, ip: string) {
    if (!(await requireSecondFactor(this.db, { userId: p.userId, sessionId: p.sessionId, ip }, b.code)))
      throw businessRule('Turn on two-factor sign-in first: an API key is created with its code.');
    return this.make(p, 'member', { ...b, scopes: [MEMBER_KEY_SCOPE], networks: b.networks ?? [] });
  }

  private async make(p: Principal, kind: 'staff' | 'member', b: Made) {
    const expires = b.expires_at ? new Date(b.expires_at) : null;
    if (expires !== null && expires.getTime() <= Date.now())
      throw badRequest('The expiry must be in the future.', {
        expires_at: ['The expiry must be in the future.'],
      });
    const networks = [...new Set(b.networks.map(checkedNetwork))];
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const key = await this.db.transaction().execute(async (tx) => {
      const made = await tx
        .insertInto('api_keys')
        .values({
          user_id: p.userId,
          kind,
          name: b.name,
          prefix: secret.slice(0, SHOWN),
          secret_hash: hashSecret(secret),
          scopes: b.scopes,
          networks: sql<string[]>`${networks}::inet[]`,
          ...(b.rate_limit === undefined ? {} : { rate_limit: b.rate_limit }),
          expires_at: expires,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'api_key.created',
        entity: 'api_key',
        entityId: made.id,
        after: {
          name: b.name,
          kind,
          scopes: b.scopes,
          networks,
          expires_at: expires,
          rate_limit: b.rate_limit ?? null,
        },
      });
      return made;
    });
    return { key: await this.one(key.id), secret };
  }

  /** Revokes a key: the caller's own, or (an owner) any staff key. Revoking a revoked key changes nothing. */
  async revoke(p: Principal, id: number): Promise<ApiKey> {
    const owner = p.role === 'admin' && (p.staffRoles ?? ['owner']).includes('owner');
    await this.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('api_keys')
        .select(['id', 'user_id', 'kind', 'revoked_at'])
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      const mine =
        row !== undefined && row.user_id === p.userId && (row.kind === 'staff') === (p.role === 'admin');
      if (!row || !(mine || (owner && row.kind === 'staff'))) throw notFound('No such API key.');
      if (row.revoked_at !== null) return;
      await tx
        .updateTable('api_keys')
        .set({ revoked_at: new Date(), revoked_by: p.userId })
        .where('id', '=', row.id)
        .execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'api_key.revoked',
        entity: 'api_key',
        entityId: row.id,
      });
    });
    return this.one(BigInt(id));
  }

  private async one(id: bigint): Promise<ApiKey> {
    const { rows } = await sql<Row>`${KEY_COLUMNS} WHERE k.id = ${id}`.execute(this.db);
    const row = rows[0];
    if (!row) throw notFound('No such API key.');
    return view(row);
  }
}
