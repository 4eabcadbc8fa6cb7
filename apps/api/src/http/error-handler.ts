import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
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

/** Renders every error as `{ message, code, details? }`. Bad input is a 400, never a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.status)
        .send({ message: error.message, code: error.code, details: error.details });
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
