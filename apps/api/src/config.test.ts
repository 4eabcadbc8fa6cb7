import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('HOST (decision 0056)', () => {
  it('is this machine only by default outside production: the demo and its passwords stay off the network', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
  });

  it('is every interface by default in production, and what HOST says when set', () => {
    expect(
      loadConfig({
        NODE_ENV: 'production',
        IDENTITY_DOCUMENTS_KEY: 'cHJvZHVjdGlvbi10ZXN0LWtleS0zMi1ieXRlcy0hISE=',
      }).host,
    ).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        HOST: '10.1.2.3',
        IDENTITY_DOCUMENTS_KEY: 'cHJvZHVjdGlvbi10ZXN0LWtleS0zMi1ieXRlcy0hISE=',
      }).host,
    ).toBe('10.1.2.3');
  });
});
