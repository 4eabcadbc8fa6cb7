import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * Text PostgreSQL cannot store: NUL (refused in text and jsonb, SQLSTATE 22021 / 22P05), and a lone
 * UTF-16 surrogate (it has no UTF-8 form: the driver would silently store U+FFFD instead).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE =
  'Contains a character that cannot be stored (a NUL character or broken Unicode).';

/** Headers the app reads: they are checked before the session is looked up. */
const READ_HEADERS = ['authorization', 'idempotency-key', 'user-agent'] as const;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The path of the first string (or object key) in `value` that PostgreSQL cannot store, as the
 * validation errors name fields (`items.0.name`), or null when all of it is storable.
 */
export function findUnstorable(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || '_';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], join(path, String(i)));
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return path || '_';
      const found = findUnstorable(item, join(path, key));
      if (found !== null) return found;
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Throws the 400 of the validation errors, naming the field, when `value` holds unstorable text. */
export function assertStorable(value: unknown, path = ''): void {
  const field = findUnstorable(value, path);
  if (field !== null) throw badRequest(`${field}: ${UNSTORABLE_MESSAGE}`, { [field]: [UNSTORABLE_MESSAGE] });
}

function checkHeaders(request: FastifyRequest): void {
  for (const name of READ_HEADERS) assertStorable(request.headers[name], name);
}

/**
 * One place for text no route can store: headers before the session is looked up, then route
 * params, query and JSON body after access control and before the route's schema. Multipart text
 * fields are read by the route (uploads/form.ts), which calls `assertStorable` on them.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => checkHeaders(request));
  app.addHook('preValidation', async (request) => {
    assertStorable(request.params);
    assertStorable(request.query);
    assertStorable(request.body);
  });
}
