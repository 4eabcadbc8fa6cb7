import type { FastifyInstance } from 'fastify';
import { isSafeNumber, parse } from 'lossless-json';
import { badRequest } from './errors';

/**
 * JSON bodies are parsed without ever turning a fractional or huge number into a float: a number
 * that is a safe integer becomes a JS number, any other number keeps its exact decimal text, which
 * the amount schemas then parse into bigint units.
 */
export function parseJsonExact(text: string): unknown {
  return parse(text, null, (value: string) =>
    /^-?\d+$/.test(value) && isSafeNumber(value) ? Number(value) : value,
  );
}

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1_048_576 },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, parseJsonExact(text));
      } catch {
        done(badRequest('The request body is not valid JSON.'), undefined);
      }
    },
  );
}
