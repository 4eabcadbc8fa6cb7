import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-faults';

// Real failures of a live database: db-faults.int.test.ts.
describe('isDatabaseUnavailable', () => {
  it('knows the shapes pg reports, and nothing that is the request’s own fault', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', '53300']) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    }
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE']) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    }
    expect(
      isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('57P01') }))).toBe(true);

    for (const code of ['23505', '23514', '22P05', '22003', '40001', '40P01', 'SX001']) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    }
    // A chain node or a mail server that refuses is not the database.
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Something went wrong.'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
