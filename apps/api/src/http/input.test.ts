import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { findUnstorable, isStorableText, registerInputChecks } from './input';
import { registerJsonParser } from './json';

describe('text PostgreSQL cannot store', () => {
  it('finds NUL and lone surrogates, and accepts any other Unicode', () => {
    expect(isStorableText('plain, émoji 😀, 中文, tab\t, newline\n')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\uD800b')).toBe(false);
    expect(isStorableText('a\uDC00')).toBe(false);
    expect(isStorableText('\uD83D\uDE00')).toBe(true);
  });

  it('names the first field that holds such text, as validation errors name fields', () => {
    expect(findUnstorable({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findUnstorable({ 'bad\u0000key': 1 })).toBe('_');
    expect(findUnstorable({ nested: { 'bad\u0000key': 1 } })).toBe('nested');
    expect(findUnstorable('x\u0000', 'email')).toBe('email');
    expect(findUnstorable({ a: 'ok', n: 1, t: true, z: null })).toBeNull();
  });
});

describe('the central input checks', () => {
  async function app() {
    const a = Fastify();
    registerJsonParser(a);
    registerErrorHandler(a);
    registerInputChecks(a);
    a.post('/echo/:name', async (request) => ({ ok: true, params: request.params }));
    await a.ready();
    return a;
  }

  it('refuses NUL in the body, the query, a route param and a header with a 400 naming it', async () => {
    const a = await app();
    const cases = [
      { url: '/echo/x', payload: { user: { name: 'a\u0000' } }, field: 'user.name' },
      { url: '/echo/x?search=a%00b', payload: {}, field: 'search' },
      { url: '/echo/a%00b', payload: {}, field: 'name' },
      { url: '/echo/x', payload: { s: 'a\\ud800' }, raw: true, field: 's' },
    ];
    for (const c of cases) {
      const res = await a.inject({
        method: 'POST',
        url: c.url,
        headers: { 'content-type': 'application/json' },
        payload: c.raw ? '{"s":"a\\ud800"}' : JSON.stringify(c.payload),
      });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { [c.field]: [expect.any(String)] },
      });
    }
    const header = await a.inject({
      method: 'POST',
      url: '/echo/x',
      headers: { 'idempotency-key': 'k\u0000' },
    });
    expect(header.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'idempotency-key': [expect.any(String)] },
    });
    const ok = await a.inject({ method: 'POST', url: '/echo/x', payload: { name: 'fine ✓' } });
    expect(ok.statusCode).toBe(200);
    await a.close();
  });
});

describe('database refusals of input', () => {
  it('answers a PostgreSQL data exception (class 22) or 54000 with a 400, other database errors stay 500', async () => {
    const a = Fastify();
    registerErrorHandler(a);
    a.get('/fail/:code', async (request) => {
      const code = (request.params as { code: string }).code;
      throw Object.assign(new Error(`pg ${code}`), { code, severity: 'ERROR' });
    });
    for (const code of ['22021', '22P05', '22003', '22P02', '22007', '22008', '2201E', '54000']) {
      const res = await a.inject({ url: `/fail/${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid input.', code: 'BAD_REQUEST' });
    }
    expect((await a.inject({ url: '/fail/42P01' })).statusCode).toBe(500);
    await a.close();
  });
});
