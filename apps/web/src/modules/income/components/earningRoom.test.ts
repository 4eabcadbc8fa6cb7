import { describe, expect, it } from 'vitest';
import { positive, reasonKey, usedBasisPoints } from './earningRoom';

describe('the earning room card', () => {
  it("knows the cap rule's reasons, and leaves others to the server's words", () => {
    expect(reasonKey('earning cap reached')).toBe('capReached');
    expect(reasonKey('member has no plan')).toBe('noPlan');
    expect(reasonKey('member is blocked')).toBe('blocked');
    expect(reasonKey('roi income is switched off')).toBe('switchedOff');
    expect(reasonKey('something new')).toBeNull();
    expect(reasonKey('toString')).toBeNull();
  });

  it('measures the cap used exactly, within 0..100%', () => {
    expect(usedBasisPoints('150.00000000', '300.00000000')).toBe(5000);
    expect(usedBasisPoints('1.00000000', '3.00000000')).toBe(3333);
    expect(usedBasisPoints('400', '300')).toBe(10_000);
    expect(usedBasisPoints('10', '0')).toBe(0);
    expect(positive('0.00000001')).toBe(true);
    expect(positive('0.00000000')).toBe(false);
  });
});
