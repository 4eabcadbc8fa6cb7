import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseRetryAfterSeconds, databaseUnavailableBody, isDatabaseUnavailable } from './db-faults';
import { AppError } from './errors';

function fieldErrors(
  issues: { instancePath?: string; message?: string; params?: unknown }[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    const list = out[field] ?? [];
    list.push(issue.message ?? 'Invalid value.');
    out[field] = list;
  }
  return out;
}

/**
 * PostgreSQL's data exceptions (class 22: 22021 bad encoding, 22P05 untranslatable character,
 * 22003 out of range, 22P02 bad text representation, 22007/22008 bad date, 2201E bad logarithm
 * argument, ...) and 54000 (a value over a program limit, e.g. an index row too large).
 */
function isDataException(code: unknown): boolean {
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '54000');
}

/** Renders every error as `{ message, code, details? }`. Bad input is a 400, never a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.status)
        .send({ message: error.message, code: error.code, details: error.details });
    }
    if (isDatabaseUnavailable(error)) {
      // The connection this request used was lost or none could be had: only this request fails (its
      // transaction ends with the connection), the pool reconnects by itself. Safe to retry with the same key.
      if (!request.server.deps.stopping)
        request.log.warn(
          `database unavailable during ${request.method} ${request.routeOptions.url ?? request.url}: ${error.message}`,
        );
      return reply
        .status(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send(databaseUnavailableBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = fieldErrors(error.validation);
      const first = Object.values(details)[0]?.[0];
      return reply
        .status(400)
        .send({ message: first ?? 'Invalid input.', code: 'VALIDATION_FAILED', details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong.', code: 'INTERNAL' });
    }
    // Database refusals that a race can cause: never a 500.
    const pgCode = (error as { code?: unknown }).code;
    if (pgCode === '23505') {
      return reply.status(409).send({
        message: 'This request conflicts with an existing record. Please reload.',
        code: 'CONFLICT',
      });
    }
    if (pgCode === '23503') {
      return reply
        .status(404)
        .send({ message: 'Something this request refers to does not exist.', code: 'NOT_FOUND' });
    }
    if (pgCode === '23514') {
      return reply.status(422).send({ message: 'Insufficient balance.', code: 'BUSINESS_RULE' });
    }
    if (pgCode === '40P01' || pgCode === '40001') {
      return reply
        .status(409)
        .send({ message: 'Another change happened at the same moment. Please try again.', code: 'CONFLICT' });
    }
    if (isDataException(pgCode)) {
      // A value PostgreSQL cannot take (NUL, out of bigint range, bad date, ...) that got past the
      // schemas: the client's input, so a 400 and a one-line warning, never a stack trace.
      request.log.warn(
        `database refused the input of ${request.method} ${request.routeOptions.url ?? request.url}: ${pgCode} ${error.message}`,
      );
      return reply.status(400).send({ message: 'Invalid input.', code: 'BAD_REQUEST' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: 'Too many requests. Please wait and try again.', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
      const code =
        status === 401
          ? 'UNAUTHENTICATED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 404
              ? 'NOT_FOUND'
              : 'BAD_REQUEST';
      return reply.status(status).send({ message: error.message || 'Bad request.', code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong.', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
