import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEV_ACCOUNTS } from '@sgx/chain/dev';
import { getAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { demoAdmin, demoMember, expect, registerViaApi, test } from './fixtures';
import { signInAdmin, signInMember } from './pages/IncomeScreens';
import { restoreReceiving, setUpChain } from './pages/localChain';
import { apiPost, apiSignIn } from './pages/MoneyApi';
import { runServerJob } from './pages/serverJobs';

/**
 * Proof of liabilities (decision 0044): the daily tree is published on /proof without a session, and a
 * member downloads their inclusion proof and has it verified in the browser (WebCrypto); a tampered file is not.
 */
test.beforeAll(async () => {
  // The day's tree, as the daily job builds it (once a day: a second run finds it).
  await runServerJob('proof-of-liabilities-daily');
});

test.afterEach(async ({ request }) => restoreReceiving(request));

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

test('a member who joined after the latest proof is told so, not shown an error (decision 0056)', async ({
  page,
}) => {
  const fresh = await registerViaApi(page.request, 'proof');
  const published = await (await page.request.get('/api/v1/proof')).json();
  await signInMember(page, fresh.email, fresh.password);
  await page.goto('/user/proof');
  await expect(page.getByTestId('proof-not-yet')).toContainText('Your balance is not in a proof yet');
  await expect(page.getByTestId('proof-not-yet')).toContainText(
    `Your balance is not in the latest proof (${published.day})`,
  );
  await expect(page.getByText('Your proof could not be loaded')).toHaveCount(0);
});

test('the member downloads the proof and the page says verified; a tampered file says not verified', async ({
  page,
}) => {
  await signInMember(page, demoMember.email, demoMember.password);
  await page.getByRole('link', { name: 'Proof of liabilities' }).first().click();
  await expect(page).toHaveURL(/\/user\/proof$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My proof' })).toBeVisible();

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

test('a reserve address proven by signature shows "Signature verified", checked in the browser, and the ratio', async ({
  page,
}) => {
  // Chain 56 takes the local stablecoin (the seeded one is no contract on the local node), put back afterwards.
  await setUpChain(page.request);
  // The operator signs the fixed message once from the reserve address; an admin adds it and reads reserves again.
  const holder = privateKeyToAccount(DEV_ACCOUNTS[6]?.privateKey as Hex);
  const date = new Date().toISOString().slice(0, 10);
  const message = `SocialGenX proof of reserves\nAddress: ${getAddress(holder.address)}\nDate: ${date}`;
  const admin = await apiSignIn(page.request, 'admin', demoAdmin.email, demoAdmin.password);
  await apiPost(page.request, admin.token, '/admin/proof/reserves', {
    network: 'EVM',
    address: holder.address,
    label: 'Cold wallet',
    date,
    signature: await holder.signMessage({ message }),
  });
  await apiPost(page.request, admin.token, '/admin/proof/reserves/read', {});
  const published = await (await page.request.get('/api/v1/proof')).json();
  const line = published.reserves.find((r: { address: string | null }) => r.address === holder.address);
  expect(line, JSON.stringify(published.reserves_unavailable)).toMatchObject({
    kind: 'proven',
    message,
    label: 'Cold wallet',
  });

  await page.goto('/proof');
  const reserves = page.getByTestId('proof-reserves');
  const row = reserves.getByTestId('proof-reserve').filter({ hasText: 'Cold wallet' });
  await expect(row.getByTestId('reserve-signature-verified')).toHaveText('Signature verified');
  await expect(page.getByTestId('proof-ratio')).toContainText('Reserves / liabilities (USD)');
  if (published.ratio !== null) await expect(page.getByTestId('proof-ratio')).toContainText(published.ratio);

  // The page does not take the server's word: a signature changed on its way is "Not proven".
  await page.route('**/api/v1/proof', async (route) => {
    const body = await (await route.fetch()).json();
    for (const r of body.reserves) if (r.signature) r.signature = `${r.signature.slice(0, -4)}1b00`;
    await route.fulfill({ json: body });
  });
  await page.reload();
  await expect(
    page
      .getByTestId('proof-reserve')
      .filter({ hasText: 'Cold wallet' })
      .getByTestId('reserve-signature-failed'),
  ).toHaveText('Not proven');

  // The back-office lists it, with the menu entry under System.
  await page.unrouteAll();
  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  await page.getByRole('link', { name: 'Proof of reserves' }).first().click();
  await expect(page).toHaveURL(/\/admin\/proof$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Proof of reserves' })).toBeVisible();
  await expect(page.getByTestId('reserve-addresses')).toContainText('Cold wallet');
  await expect(page.getByRole('button', { name: "Build today's proof now" })).toBeVisible();
});
