import type { Page } from '@playwright/test';

/** What the solvency specs (the back-office report, the members' and the public side) read on: a phone and a laptop. */
export const SCREENS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An amount as the page shows it: to the cent, half-up away from zero, "$1,234.50" / "-$1.50" (exact, bigint). */
export function shownUsd(amount: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{0,8}))?$/.exec(amount);
  if (m === null) throw new Error(`not an amount: ${amount}`);
  const units = BigInt(m[2] ?? '0') * 100_000_000n + BigInt((m[3] ?? '').padEnd(8, '0'));
  const cents = (units + 500_000n) / 1_000_000n;
  const sign = m[1] === '-' && cents > 0n ? '-' : '';
  return `${sign}$${group(String(cents / 100n))}.${String(cents % 100n).padStart(2, '0')}`;
}

/** A ratio ("0.8123", four places) as the page shows it: "81.23%". */
export function shownPercent(ratio: string): string {
  const m = /^(-?)(\d+)\.(\d{4})$/.exec(ratio);
  if (m === null) throw new Error(`not a ratio: ${ratio}`);
  const hundredths = BigInt(`${m[2]}${m[3]}`);
  return `${m[1]}${group(String(hundredths / 100n))}.${String(hundredths % 100n).padStart(2, '0')}%`;
}

/** How much wider than the window the page is (0: nothing scrolls sideways but the tables' own containers). */
export async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
