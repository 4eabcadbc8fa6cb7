import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatUnits, parseUnits } from '@sgx/money';
import { demoMember, expect, test } from './fixtures';
import { signInMember } from './pages/IncomeScreens';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function download(page: Page, button: string) {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** The figures the page shows: opening, closing and every posting's amount, as exact units. */
async function shownFigures(page: Page) {
  const statement = page.getByTestId('statement');
  const value = async (id: string) =>
    parseUnits((await statement.getByTestId(id).getAttribute('data-value')) ?? '');
  const amounts = await statement
    .getByTestId('statement-amount')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-value') ?? ''));
  return {
    opening: await value('statement-opening'),
    closing: await value('statement-closing'),
    amounts: amounts.map((a) => parseUnits(a)),
  };
}

test('the demo member reads a statement that adds up and downloads it as CSV and PDF', async ({ page }) => {
  await signInMember(page, demoMember.email, demoMember.password);
  await page.getByRole('link', { name: 'Statements' }).first().click();
  await expect(page).toHaveURL(/\/user\/statements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();

  // The current month by default: opening and closing are shown.
  const statement = page.getByTestId('statement');
  await expect(statement.getByText('Opening balance')).toBeVisible();
  await expect(statement.getByText('Closing balance')).toBeVisible();

  // The demo's month of history (30 days back): a custom range over it holds postings.
  await page.getByText('Custom range', { exact: true }).click();
  await page.getByLabel('To', { exact: true }).fill(day(0));
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/v1/statements?') && r.url().includes(`from=${day(-45)}&to=${day(0)}`),
  );
  await page.getByLabel('From', { exact: true }).fill(day(-45));
  const answer = await (await answered).json();
  expect(answer.entries.length).toBeGreaterThan(0);
  await expect(statement.getByTestId('statement-amount')).toHaveCount(answer.entries.length);
  const shown = await shownFigures(page);
  expect(shown.amounts.length).toBeGreaterThan(0);
  // Opening + the postings shown = closing, to the unit.
  expect(shown.opening + shown.amounts.reduce((s, a) => s + a, 0n)).toBe(shown.closing);
  // Money to the cent where a person reads it, rules in words, not keys (decision 0055).
  for (const text of await statement.getByTestId('statement-amount').allInnerTexts())
    expect(text).toMatch(/^-?\$[\d,]+\.\d{2}$/);
  await expect(statement.getByRole('cell', { name: 'roi_income', exact: true })).toHaveCount(0);
  // The last running balance shown is the closing balance.
  await expect(statement.getByTestId('statement-balance-after').last()).toHaveText(
    await statement.getByTestId('statement-closing').innerText(),
  );

  // The CSV: its SHA-256 is the checksum the page shows, and it closes at the shown closing balance.
  const checksum = (await statement.getByTestId('statement-checksum').innerText()).trim();
  const csv = await download(page, 'Download CSV');
  expect(csv.name).toMatch(new RegExp(`^statement-.+-deposit-${day(-45)}-${day(0)}\\.csv$`));
  expect(createHash('sha256').update(csv.bytes).digest('hex')).toBe(checksum);
  const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
  expect(lines).toHaveLength(shown.amounts.length + 3);
  expect(lines.at(-1)).toContain(`"${formatUnits(shown.closing)}"`);
  expect(lines[1]).toContain(`"${formatUnits(shown.opening)}"`);

  // The PDF: a PDF file named like the CSV.
  const pdf = await download(page, 'Download PDF');
  expect(pdf.name).toMatch(new RegExp(`^statement-.+-deposit-${day(-45)}-${day(0)}\\.pdf$`));
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.bytes.length).toBeGreaterThan(1000);

  // A reversed range is refused on the page before any request.
  await page.getByLabel('To', { exact: true }).fill(day(-50));
  await expect(page.getByRole('alert').filter({ hasText: 'The period ends before it starts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
});
