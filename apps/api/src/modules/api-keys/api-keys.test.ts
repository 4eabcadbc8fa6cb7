import { describe, expect, it } from 'vitest';
import { isApiKeyToken } from '../../http/access';
import { clientAddress } from './api-keys.door';
import { checkedNetwork } from './api-keys.service';

describe('API keys (decision 0071)', () => {
  it('tells a key from a session token by its form', () => {
    expect(isApiKeyToken(`sgx_${'a'.repeat(43)}`)).toBe(true);
    // A session token: 43 characters, whatever they start with.
    expect(isApiKeyToken(`sgx_${'a'.repeat(39)}`)).toBe(false);
    expect(isApiKeyToken('b'.repeat(47))).toBe(false);
  });

  it('takes networks as an address or CIDR, IPv4 and IPv6, and nothing else', () => {
    expect(checkedNetwork('203.0.113.0/24')).toBe('203.0.113.0/24');
    expect(checkedNetwork('203.0.113.7')).toBe('203.0.113.7/32');
    expect(checkedNetwork('2001:db8::/32')).toBe('2001:db8::/32');
    expect(checkedNetwork('::1')).toBe('::1/128');
    for (const bad of [
      '10.0.0.0/33',
      '2001:db8::/129',
      'example.com',
      '10.0.0.0/8/1',
      '10.0.0/8',
      '1.2.3.4/x',
    ])
      expect(() => checkedNetwork(bad), bad).toThrow(/CIDR/);
  });

  it('reads an IPv4 address mapped into IPv6 as the IPv4 one', () => {
    expect(clientAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});
