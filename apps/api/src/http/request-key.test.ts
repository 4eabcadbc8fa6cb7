import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './listing';

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined, and writes bigints as their digits', () => {
    expect(canonicalJson({ b: 1, a: { d: [2n, { z: null, y: 'x' }], c: undefined } })).toBe(
      '{"a":{"d":["2",{"y":"x","z":null}]},"b":1}',
    );
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(new Date('2025-01-02T03:04:05Z'))).toBe('"2025-01-02T03:04:05.000Z"');
  });
});

describe('requestFingerprint', () => {
  const parts = (body: object, route = '/api/v1/transfer/touser') => ({
    method: 'POST',
    route,
    principal: '7',
    params: {},
    body,
  });
  it('is the same for the same request in any key order, and differs for any change', () => {
    const one = requestFingerprint(parts({ user_id: 7, userto_id: 8, amount: 1_000_000_000n }));
    expect(requestFingerprint(parts({ amount: 1_000_000_000n, userto_id: 8, user_id: 7 }))).toBe(one);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint(parts({ user_id: 7, userto_id: 8, amount: 1_000_000_001n }))).not.toBe(one);
    expect(requestFingerprint(parts({ user_id: 7, userto_id: 9, amount: 1_000_000_000n }))).not.toBe(one);
    expect(
      requestFingerprint(
        parts({ user_id: 7, userto_id: 8, amount: 1_000_000_000n }, '/api/v1/transfer/friend'),
      ),
    ).not.toBe(one);
  });
});
