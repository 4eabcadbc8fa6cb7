import {
  type AccessLevel,
  accessLevels,
  type Grant,
  grantFor,
  type StaffArea,
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
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every registered route with its declared access level, in registration order. */
    routeTable: { method: string; url: string; access: AccessLevel; permission?: StaffArea }[];
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
 * Every route must declare its access level. The request hook then authenticates the bearer token
 * against the server-side session and checks the role before any handler runs.
 */
export function registerAccessControl(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('principal', null);
  const table: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', table);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: AccessLevel; permission?: StaffArea };
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
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access, permission });
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.routeOptions.url) return; // no route: the not-found handler answers
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthenticated();
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
 * May this staff member use `area` for `grant` (decision 0042)? Never a member. A principal made in code
 * without roles (jobs, the demo) acts as the owner, as the spec's admin did; sessions always carry them.
 */
export function staffAllows(principal: Principal, area: StaffArea, grant: Grant): boolean {
  if (principal.role !== 'admin') return false;
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
