import {
  type AccessLevel,
  API_KEY_PREFIX,
  accessLevels,
  type Grant,
  grantFor,
  type StaffArea,
  scopesAllow,
  staffAreas,
  staffMay,
} from '@sgx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionStore } from '../modules/auth/sessions';
import { AppError, forbidden, unauthenticated } from './errors';
import type { Principal } from './principal';

export type { Principal };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required on every route: the server refuses to start without it. */
    access?: AccessLevel;
    /**
     * An admin route's area (decision 0042): which staff roles may call it, for reading (GET) or writing.
     * Required on every admin route, refused on any other.
     */
    permission?: StaffArea;
    /**
     * May a session that still owes its second factor ('code' or 'enrol') call it? Only the /auth/2fa
     * routes and sign-out do (decision 0023); every other signed-in route answers 403 to such a session.
     */
    beforeSecondFactor?: boolean;
    /**
     * Refused to API keys whatever their scopes (decision 0071): the routes that make, list or revoke keys.
     * Keys never call the session's own routes (`beforeSecondFactor`) either, nor write through 'signed-in' ones.
     */
    keyless?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The API key a request came with, once found (even when it is then refused): its calls are audited. */
    apiKey: { id: bigint; userId: bigint } | null;
  }
  interface FastifyInstance {
    /** Every registered route with its declared access level, in registration order. */
    routeTable: {
      method: string;
      url: string;
      access: AccessLevel;
      permission?: StaffArea;
      /** Refused to API keys (config.keyless, or a session route: config.beforeSecondFactor; decision 0071). */
      keyless?: boolean;
    }[];
  }
}

/** Routes registered by the OpenAPI UI plugin: public documentation. */
const DOCS_PREFIX = '/api/docs';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return m?.[1] ?? null;
}

/**
 * What the access hook asks of the API keys module (decision 0071), passed in by the composition.
 * `resolve`: the key a token names, read afresh on every call (no cache: a revocation counts at once on every
 * instance), null when none; `refusal` set when the key may not be used at all (revoked, expired, outside its
 * networks, its creator gone or their role changed). `count`: one call on the key's own rate limit (429 past it).
 */
export type ApiKeyDoor = {
  resolve(
    token: string,
    ip: string,
  ): Promise<{ principal: Principal; refusal: AppError | null; rateLimit: number } | null>;
  count(keyId: bigint, limit: number): Promise<void>;
};

/** An API key's token: the prefix and 43 characters (a session token has 43 and no prefix). */
export const isApiKeyToken = (token: string): boolean =>
  token.length === API_KEY_PREFIX.length + 43 && token.startsWith(API_KEY_PREFIX);

export const KEY_ROUTE_REFUSAL = 'API keys cannot call this route.';
export const KEY_READ_ONLY = 'This API key may only read.';
export const KEY_SCOPE_REFUSAL = "This API key's scopes do not allow this.";

/**
 * May an API key's principal call this route (decision 0071)? Never the `keyless` routes (keys and webhooks) nor
 * the session's own (`beforeSecondFactor`: sign-out, two-factor); 'signed-in' routes for reading only (their own
 * checks then apply: a member reads their own records, staff what staffAllows grants, scopes included); member
 * routes for reading only; admin routes within the key's scopes AND its creator's current roles.
 */
function assertKeyMayCall(request: FastifyRequest, principal: Principal): void {
  const { access, permission, keyless, beforeSecondFactor } = request.routeOptions.config;
  const grant = grantFor(request.method);
  if (keyless === true || beforeSecondFactor === true || (access === 'signed-in' && grant !== 'read'))
    throw forbidden(KEY_ROUTE_REFUSAL);
  if (access === 'member') {
    if (principal.role !== 'user') throw forbidden('This is for members only.');
    if (grant !== 'read') throw forbidden(KEY_READ_ONLY);
  }
  if (access === 'admin') {
    if (principal.role !== 'admin') throw forbidden('This is for administrators only.');
    if (permission === undefined || !staffMay(principal.staffRoles ?? [], permission, grant))
      throw forbidden(STAFF_ROLE_REFUSAL);
    if (!staffAllows(principal, permission, grant)) throw forbidden(KEY_SCOPE_REFUSAL);
  }
}

/**
 * Every route must declare its access level. The request hook then authenticates the bearer token
 * against the server-side session and checks the role before any handler runs.
 */
export function registerAccessControl(app: FastifyInstance, sessions: SessionStore, keys?: ApiKeyDoor): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('apiKey', null);
  const table: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', table);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as {
      access?: AccessLevel;
      permission?: StaffArea;
      keyless?: boolean;
      beforeSecondFactor?: boolean;
    };
    let access = config.access;
    if (!access && route.url.startsWith(DOCS_PREFIX)) {
      access = 'public';
      route.config = { ...config, access };
    }
    if (!access || !accessLevels.includes(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access level`);
    }
    const { permission } = config;
    if (access === 'admin' && (permission === undefined || !staffAreas.includes(permission))) {
      throw new Error(`Admin route ${String(route.method)} ${route.url} does not name its permission`);
    }
    if (access !== 'admin' && permission !== undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} names a permission but is not an admin route`,
      );
    }
    const keyless = config.keyless === true || config.beforeSecondFactor === true;
    for (const method of [route.method].flat())
      table.push({ method, url: route.url, access, permission, ...(keyless ? { keyless } : {}) });
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.routeOptions.url) return; // no route: the not-found handler answers
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthenticated();
    if (keys && isApiKeyToken(token)) {
      const found = await keys.resolve(token, request.ip);
      if (!found) throw unauthenticated('This API key is not valid.');
      const key = found.principal;
      const keyId = key.apiKeyId ?? 0n;
      request.apiKey = { id: keyId, userId: key.userId };
      if (found.refusal) throw found.refusal;
      await keys.count(keyId, found.rateLimit);
      assertKeyMayCall(request, key);
      request.principal = key;
      return;
    }
    const principal = await sessions.resolve(token);
    if (!principal) throw unauthenticated('Your session has expired. Please sign in again.');
    if (access === 'member' && principal.role !== 'user') throw forbidden('This is for members only.');
    if (access === 'admin' && principal.role !== 'admin') throw forbidden('This is for administrators only.');
    const permission = request.routeOptions.config.permission;
    if (
      access === 'admin' &&
      permission !== undefined &&
      !staffAllows(principal, permission, grantFor(request.method))
    ) {
      throw forbidden(STAFF_ROLE_REFUSAL);
    }
    if (principal.secondFactor !== 'ok' && request.routeOptions.config.beforeSecondFactor !== true) {
      throw secondFactorOwed(principal);
    }
    request.principal = principal;
  });
}

/** The 403 for a session that still owes its second factor: a code, or (an admin) the set-up. */
export function secondFactorOwed(principal: Principal): AppError {
  return principal.secondFactor === 'code'
    ? new AppError('SECOND_FACTOR_REQUIRED', 'Enter the code from your authenticator app first.')
    : new AppError(
        'SECOND_FACTOR_ENROLMENT_REQUIRED',
        'Set up two-factor sign-in first: it is required for administrators.',
      );
}

/** The answer to a staff member whose role does not allow the action (decision 0042). */
export const STAFF_ROLE_REFUSAL = 'Your staff role does not allow this.';

/**
 * May this staff member use `area` for `grant` (decision 0042)? Never a member; an API key only within its scopes
 * (0071). A principal made in code without roles (jobs, the demo) acts as the owner, as the spec's admin did;
 * sessions always carry them.
 */
export function staffAllows(principal: Principal, area: StaffArea, grant: Grant): boolean {
  if (principal.role !== 'admin') return false;
  // An API key: its scopes AND its creator's current roles (decision 0071).
  if (principal.apiKeyScopes !== undefined && !scopesAllow(principal.apiKeyScopes, area, grant)) return false;
  return staffMay(principal.staffRoles ?? ['owner'], area, grant);
}

/** The signed-in principal of a non-public route (the access hook guarantees one). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/**
 * Staff reading a member's records (a member's page, lists of all members' rows): roles that read members
 * or money (support, finance, compliance, the owner); content staff do not (decision 0042).
 */
export function assertStaffReadsMembers(principal: Principal): void {
  if (principal.role !== 'admin') return;
  if (!staffAllows(principal, 'members', 'read') && !staffAllows(principal, 'money', 'read'))
    throw forbidden(STAFF_ROLE_REFUSAL);
}

/** A member may act on their own id only; an admin on any (within their role). */
export function assertSelfOrAdmin(principal: Principal, userId: bigint | number): void {
  if (principal.role === 'admin') {
    assertStaffReadsMembers(principal);
    return;
  }
  if (principal.userId !== BigInt(userId)) throw forbidden('You can only access your own account.');
}
