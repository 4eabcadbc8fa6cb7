import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, lightColorRoles, readableOn } from './theme';

const { colors, white } = DEFAULT_THEME;
const roles = lightColorRoles();
const role = (name: string) => {
  const value = roles[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const hues = Object.keys(colors).filter((name) => name !== 'dark' && name !== 'gray');

describe('the light colour roles (WCAG AA)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#4c6ef5')).toBeCloseTo(4.32, 2); // Mantine's indigo button
  });

  it.each(hues)('%s: white on the filled colour, the colour as text, and on its tint reach 4.5:1', (hue) => {
    const shades = colors[hue] ?? [];
    expect(contrastRatio(white, role(`--mantine-color-${hue}-filled`))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(white, role(`--mantine-color-${hue}-filled-hover`))).toBeGreaterThanOrEqual(4.5);
    for (const page of [white, colors.gray[0], colors.gray[1]]) {
      expect(contrastRatio(role(`--mantine-color-${hue}-text`), page)).toBeGreaterThanOrEqual(4.5);
    }
    for (const tint of [shades[1], shades[2]]) {
      expect(contrastRatio(role(`--mantine-color-${hue}-light-color`), tint ?? white)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('keeps the default shade where it is readable', () => {
    expect(role('--mantine-color-indigo-filled')).toBe(colors.indigo[7]);
    expect(role('--mantine-color-red-light-color')).not.toBe(colors.red[9]); // 4.5 on red.1 but not red.2
    expect(role('--mantine-color-pink-light-color')).toBe(colors.pink[9]);
  });

  it('makes dimmed text and placeholders readable on white, light grey and every tint', () => {
    const dimmed = role('--mantine-color-dimmed');
    expect(role('--mantine-color-placeholder')).toBe(dimmed);
    for (const bg of [white, colors.gray[0], colors.gray[1], ...hues.map((h) => colors[h]?.[1] ?? white)]) {
      expect(contrastRatio(dimmed, bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(dimmed, white)).toBeLessThan(contrastRatio(colors.gray[7], white)); // still secondary
  });

  it('draws the edges of controls at 3:1 on white and light grey', () => {
    for (const bg of [white, colors.gray[0]]) {
      expect(contrastRatio(role('--mantine-color-control-border'), bg)).toBeGreaterThanOrEqual(3);
    }
  });

  it('darkens the last candidate when no shade is readable', () => {
    const yellowText = readableOn(colors.yellow.slice(6), [white]);
    expect(colors.yellow).not.toContain(yellowText);
    expect(contrastRatio(yellowText, white)).toBeGreaterThanOrEqual(4.5);
  });
});
