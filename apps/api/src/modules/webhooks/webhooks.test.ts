import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { retryDelayMs } from './dispatcher';
import { checkTargetUrl, TargetRefused } from './net-guard';
import { signatureHeader } from './signing';

/** The pure parts of decision 0072: the target policy per environment, the URL checks, the signature, the back-off. */
describe('the webhook target policy', () => {
  it('allows loopback in development and tests only, and wants https in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks).toMatchObject({
      allowPrivate: true,
      requireHttps: false,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks).toMatchObject({
      allowPrivate: true,
      requireHttps: false,
    });
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE: 'false' }).webhooks.allowPrivate).toBe(
      false,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        IDENTITY_DOCUMENTS_KEY: 'cHJvZHVjdGlvbi10ZXN0LWtleS0zMi1ieXRlcy0hISE=',
      }).webhooks,
    ).toMatchObject({
      allowPrivate: false,
      requireHttps: true,
    });
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE: 'true' })).toThrow(
      /WEBHOOKS_ALLOW_PRIVATE is for development and tests only/,
    );
  });

  it('refuses http, credentials and literal private addresses where the policy says so', () => {
    const prod = { allowPrivate: false, requireHttps: true };
    const reason = (url: string) => {
      try {
        checkTargetUrl(url, prod);
        return 'ok';
      } catch (err) {
        return err instanceof TargetRefused ? err.reason : 'other';
      }
    };
    expect(reason('https://hooks.example.com/x')).toBe('ok');
    expect(reason('http://hooks.example.com/x')).toBe('scheme');
    expect(reason('ftp://hooks.example.com/x')).toBe('scheme');
    expect(reason('https://user:pw@hooks.example.com/x')).toBe('credentials');
    expect(reason('https://127.0.0.1/x')).toBe('private');
    expect(reason('https://[::1]/x')).toBe('private');
    expect(reason('https://[::ffff:10.0.0.1]/x')).toBe('private');
    expect(reason('https://localhost/x')).toBe('private');
    expect(reason('https://169.254.169.254/latest')).toBe('private');
    expect(checkTargetUrl('http://127.0.0.1:8080/x', { allowPrivate: true, requireHttps: false }).port).toBe(
      '8080',
    );
  });
});

describe('the signature', () => {
  it('is t=<seconds> and one v1 per secret, each the HMAC-SHA256 of "<t>.<body>"', () => {
    const body = '{"id":"e1","type":"ping"}';
    const header = signatureHeader(['new', 'old'], body, new Date(1_700_000_000_500));
    const mac = (s: string) => createHmac('sha256', s).update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${mac('new')},v1=${mac('old')}`);
  });
});

describe('the back-off', () => {
  it('waits 10 s, then twice as long each time, at most 6 hours; 20 attempts fit in three days', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
    let total = 0;
    for (let n = 1; n < 20; n++) total += retryDelayMs(n);
    expect(total).toBeLessThan(3 * 24 * 3_600_000);
  });
});
