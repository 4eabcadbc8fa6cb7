import { type AccessLevel, accessLevels } from '@sgx/contracts';
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
    routeTable: { method: string; url: string; access: AccessLevel }[];
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
    const config = (route.config ?? {}) as { access?: AccessLevel };
    let access = config.access;
    if (!access && route.url.startsWith(DOCS_PREFIX)) {
      access = 'public';
      route.config = { ...config, access };
    }
    if (!access || !accessLevels.includes(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access level`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
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

/** The signed-in principal of a non-public route (the access hook guarantees one). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/** A member may act on their own id only; an admin on any. */
export function assertSelfOrAdmin(principal: Principal, userId: bigint | number): void {
  if (principal.role === 'admin') return;
  if (principal.userId !== BigInt(userId)) throw forbidden('You can only access your own account.');
}
