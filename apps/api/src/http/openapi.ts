import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  type AccessLevel,
  API_KEY_PREFIX,
  ErrorBody,
  grantFor,
  MEMBER_KEY_SCOPE,
  type StaffArea,
} from '@sgx/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The OpenAPI document's security scheme: the session token every non-public route reads (access.ts). */
const SESSION = 'session';
/** The API keys' scheme (decision 0071): the same Authorization header, a key's secret as the bearer token. */
const API_KEY = 'apiKey';

const VERBS: Record<string, string> = {
  GET: 'Read',
  HEAD: 'Read',
  POST: 'Send',
  PUT: 'Change',
  PATCH: 'Change',
  DELETE: 'Delete',
};

type RouteConfig = {
  access?: AccessLevel;
  permission?: StaffArea;
  keyless?: boolean;
  beforeSecondFactor?: boolean;
};

/**
 * The scope an API key needs to call a route, from the declarations the access hook enforces (access.ts,
 * assertKeyMayCall), and the words that say it: an admin route's area and its method's grant; a member's or a
 * shared ('signed-in') route's reading `account:read` for a member's key (a staff key: the route's own check of its
 * role and scopes); null where no key may call (public, `keyless` and session routes, members' and shared writes).
 */
export function keyScopeOf(
  method: string,
  { access, permission, keyless, beforeSecondFactor }: RouteConfig,
): { scope: string; text: string } | null {
  if (keyless === true || beforeSecondFactor === true) return null;
  const grant = grantFor(method);
  if (access === 'admin' && permission !== undefined) {
    const scope = `${permission}:${grant}`;
    return { scope, text: `API key scope: \`${scope}\` (${permission}:write covers reading).` };
  }
  if (access === 'member' && grant === 'read')
    return { scope: MEMBER_KEY_SCOPE, text: `API key scope: \`${MEMBER_KEY_SCOPE}\` (a member's key).` };
  if (access === 'signed-in' && grant === 'read')
    return {
      scope: MEMBER_KEY_SCOPE,
      text:
        `API key scope: \`${MEMBER_KEY_SCOPE}\` for a member's key (their own records); a staff key ` +
        "passes the checks of its role, its scopes included (members' records: `members:read` or `money:read`).",
    };
  return null;
}

/** Who may call a route, in words: the same declaration the access hook enforces (access.ts). */
export function whoMayCall({ access, permission }: RouteConfig): string {
  if (access === 'public') return 'anyone';
  if (access === 'member') return 'a signed-in member';
  if (access === 'admin') return `staff with the ${permission ?? 'owner'} area`;
  return 'any signed-in user';
}

/** The path's words, without the API prefix: `/api/v1/users/:id/password` is `users {id} password`. */
function pathWords(url: string, prefix: string): string {
  return url
    .slice(url.startsWith(prefix) ? prefix.length : 0)
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s.replace(/[-_]/g, ' ')))
    .join(' ');
}

/** A summary from the route's method, path and declared access: `Read users {id} (staff with the members area)`. */
export function summaryOf(method: string, url: string, config: RouteConfig, prefix: string): string {
  const words = pathWords(url, prefix);
  return `${VERBS[method] ?? method} ${words || 'root'} (${whoMayCall(config)})`;
}

/** A unique operation id: the method and the path in camel case, parameters as `By<Name>`. */
export function operationIdOf(method: string, url: string, prefix: string): string {
  const parts = url
    .slice(url.startsWith(prefix) ? prefix.length : 0)
    .split(/[/\-_.]/)
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `By${cap(s.slice(1))}` : cap(s)));
  return method.toLowerCase() + parts.join('');
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Json = { [key: string]: unknown };

/**
 * zod writes a union of two string schemas whose checks JSON Schema cannot show (a refine) as two equal
 * branches, `anyOf: [{type: string}, {type: string}]`, which the document's readers take as a mistake:
 * equal branches are kept once, and a composition left with one branch is that branch.
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) out[key] = tidy(child);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = out[key];
    if (!Array.isArray(branches)) continue;
    const seen = new Map<string, unknown>();
    for (const b of branches) seen.set(JSON.stringify(b), b);
    const kept = [...seen.values()];
    if (kept.length === 1 && kept[0] !== null && typeof kept[0] === 'object') {
      delete out[key];
      return { ...(kept[0] as Json), ...out };
    }
    out[key] = kept;
  }
  return out;
}

/** The refusal every route can answer (error-handler.ts renders every error in this shape). */
const refusal = {
  description: 'Refused: the input, the session, the role or a business rule (see `code` and `message`).',
  ...(z.toJSONSchema(ErrorBody, { target: 'openapi-3.0', io: 'output' }) as Json),
};
delete (refusal as Json).$schema;

/**
 * The API's OpenAPI document (served at /api/docs): schemas from the routes' zod schemas, and from each
 * route's declared access (access.ts, the one home of who may call what) its security requirement, a
 * summary and an operation id; the refusal shape as every operation's 4XX; the app's address as its server.
 */
export async function registerOpenApi(app: FastifyInstance, prefix: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'SocialGenX API',
        version: '1.0.0',
        description: 'Amounts are decimal strings with 8 decimals.',
      },
      // The server that serves this document: wherever the app runs (APP_URL may be behind a proxy).
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          [SESSION]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token from sign-in (POST /auth/signin or /auth/adminsignin).',
          },
          [API_KEY]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}...`,
            description:
              `An API key's secret (${API_KEY_PREFIX}..., made in the back-office or on the member's Security page, shown once). ` +
              'Each operation that a key may call names the scope it needs in `x-sgx-scope`; see docs/api.md.',
          },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document) as { schema: Json | undefined; url: string };
      if (!schema || schema.hide) return { schema: schema as never, url };
      const route = document.route;
      const routeConfig = (route.config ?? {}) as RouteConfig;
      const method = [route.method].flat()[0] ?? 'GET';
      const tidied = tidy(schema) as Json;
      const response = (tidied.response ?? {}) as Json;
      const scope = keyScopeOf(method, routeConfig);
      const security =
        routeConfig.access === 'public' ? [] : [{ [SESSION]: [] }, ...(scope ? [{ [API_KEY]: [] }] : [])];
      const description = [
        tidied.description,
        scope ? scope.text : routeConfig.access === 'public' ? null : 'Not callable with an API key.',
      ]
        .filter(Boolean)
        .join('\n\n');
      return {
        url,
        schema: {
          ...tidied,
          summary: tidied.summary ?? summaryOf(method, url, routeConfig, prefix),
          operationId: tidied.operationId ?? operationIdOf(method, url, prefix),
          security,
          ...(description ? { description } : {}),
          ...(scope ? { 'x-sgx-scope': scope.scope } : {}),
          response: {
            // A route without a 2xx schema (a file, a download) keeps the generator's plain answer.
            ...(Object.keys(response).some((s) => s.startsWith('2'))
              ? {}
              : { 200: { description: 'Default Response', type: 'null' } }),
            ...response,
            '4XX': response['4XX'] ?? refusal,
          },
        } as never,
      };
    },
    // Schemas registered with an id (a recursive one, as the referral tree) become components, referenced.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
