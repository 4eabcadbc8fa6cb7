import { describe, expect, it } from 'vitest';
import { codeProblem, recoveryCodesText, svgDataUrl } from './twoFactorText';

describe('two-factor text', () => {
  it('takes 6 digits from the app, and a recovery code only in recovery mode', () => {
    expect(codeProblem('123456', false)).toBeNull();
    expect(codeProblem('', false)).toBe('Enter the code from your authenticator app.');
    expect(codeProblem('12345', false)).toBe('The code has 6 digits.');
    expect(codeProblem('ab12-cd34', false)).toBe('The code has 6 digits.');
    expect(codeProblem('ab12-cd34', true)).toBeNull();
    expect(codeProblem('AB12CD34', true)).toBeNull();
    expect(codeProblem('ab12-cd3', true)).toBe('A recovery code looks like ab12-cd34.');
    expect(codeProblem('', true)).toBe('Enter a recovery code.');
  });

  it('makes the QR code an image address that keeps the markup exactly', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z" fill="#000"/></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toMatch(/[<>"#]/);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(svg);
  });

  it('writes the recovery codes one a line', () => {
    const text = recoveryCodesText(['aaaa-bbbb', 'cccc-dddd']);
    expect(text.split('\n')).toContain('aaaa-bbbb');
    expect(text.split('\n')).toContain('cccc-dddd');
    expect(text.endsWith('\n')).toBe(true);
  });
});
