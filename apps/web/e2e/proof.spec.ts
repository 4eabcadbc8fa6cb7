import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { demoMember, expect, test } from './fixtures';
import { signInMember } from './pages/IncomeScreens';
import { runServerJob } from './pages/serverJobs';

/**
 * Proof of liabilities (issue 24, decision 0044): the daily tree is published on /proof without a session, and a
 * member downloads their inclusion proof and has it verified in the browser (WebCrypto); a tampered file is not.
 */
test.beforeAll(async () => {
  // The day's tree, as the daily job builds it (once a day: a second run finds it).
  await runServerJob('proof-of-liabilities-daily');
});

async function upload(page: Page, name: string, content: unknown) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Check a proof file' }).click();
  await (await chooser).setFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(content)),
  });
}

test('the published root and totals need no session, with what cannot be verified said plainly', async ({
  page,
}) => {
  const published = await (await page.request.get('/api/v1/proof')).json();
  expect(published.root).toMatch(/^[0-9a-f]{64}$/);
  await page.goto('/proof');
  await expect(page.getByRole('heading', { level: 1, name: 'Proof of liabilities' })).toBeVisible();
  await expect(page.getByTestId('proof-root')).toHaveText(published.root);
  await expect(page.getByTestId('proof-honesty')).toContainText('that every member is in the tree');
  await expect(page.getByTestId('proof-history').locator('tbody tr')).toHaveCount(published.history.length);
});

test('the member downloads the proof and the page says verified; a tampered file says not verified', async ({
  page,
}) => {
  await signInMember(page, demoMember.email, demoMember.password);
  await page.getByRole('link', { name: 'Proof of liabilities' }).first().click();
  await expect(page).toHaveURL(/\/user\/proof$/);
  await expect(page.getByRole('heading', { level: 2, name: 'My proof' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download proof (JSON)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^proof-of-liabilities-\d{4}-\d\d-\d\d\.json$/);
  const proof = JSON.parse(await readFile(await file.path(), 'utf8'));
  expect(proof.proof.leaf.balances).toHaveLength(2);

  const result = page.getByTestId('proof-result');
  await upload(page, 'proof.json', proof);
  await expect(result).toContainText('Verified');
  await expect(result).not.toContainText('Not verified');

  // A balance raised by one cent: the path no longer hashes to the published root.
  const raised = structuredClone(proof);
  const [whole, cents] = String(raised.proof.leaf.balances[0]).split('.');
  raised.proof.leaf.balances[0] = `${BigInt(whole ?? '0') + 1n}.${cents}`;
  await upload(page, 'raised.json', raised);
  await expect(result).toContainText('Not verified');
  await expect(result).toContainText('The path does not hash to the published root.');

  // A negative sum on the path is refused whatever the hashes say.
  const negative = structuredClone(proof);
  negative.proof.path[0].sums[0] = '-1.00000000';
  await upload(page, 'negative.json', negative);
  await expect(result).toContainText('A balance or a sum on the path is negative.');

  // The proof as served verifies again from the page itself.
  await page.getByRole('button', { name: 'Verify my proof' }).click();
  await expect(result).toContainText('Verified');
  await expect(result).not.toContainText('Not verified');
});
