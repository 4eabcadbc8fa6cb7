import { describe, expect, it } from 'vitest';
import { depositWayOf, depositWayParam } from './depositWay';

describe('the deposit way shown on /user/web3-deposit', () => {
  it('opens the tab the link asks for, whatever the member has', () => {
    expect(depositWayOf('wallet', true)).toBe('wallet');
    expect(depositWayOf('manual', true)).toBe('manual');
    expect(depositWayOf('address', false)).toBe('address');
  });

  it('opens the own address for links without a way only when the member has one, else the wallet', () => {
    expect(depositWayOf(null, true)).toBe('address');
    expect(depositWayOf(null, false)).toBe('wallet');
    expect(depositWayOf('bogus', false)).toBe('wallet');
    expect(depositWayOf('bogus', true)).toBe('address');
  });

  it('writes every chosen tab to the link', () => {
    expect(depositWayParam('wallet')).toBe('wallet');
    expect(depositWayParam('manual')).toBe('manual');
    expect(depositWayParam('address')).toBe('address');
    expect(depositWayParam(null)).toBe('address');
  });
});
