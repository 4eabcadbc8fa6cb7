import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoAdmin, demoMember, expect, test } from './fixtures';
import {
  adminCallApproved,
  approveAsSecondAdmin,
  expectWaitingIn,
  pendingApprovals,
} from './pages/ApprovalPages';
import { apiGet, apiSignIn } from './pages/MoneyApi';
import { DepositsNotOpenPage, SetupChecklistCard } from './pages/SetupChecklist';
import { SignInPage } from './pages/SignInPage';

type Item = { key: string; title: string; done: boolean; explanation: string; path: string };
type Address = {
  id: number;
  currency: 'BEP20' | 'TRC20';
  chain_id: number | null;
  address: string;
  label: string | null;
};

async function signedIn(browser: Browser, area: 'member' | 'admin'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const signIn = new SignInPage(page, area);
  await signIn.goto();
  const who = area === 'admin' ? demoAdmin : demoMember;
  await signIn.signIn(who.email, who.password);
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/dashboard$/ : /\/user\/dashboard$/);
  return page;
}

/** Where each item's link lands: the path and the page's heading. */
const landing: Record<string, { url: RegExp; heading: string }> = {
  receiving_addresses: { url: /\/admin\/web3$/, heading: 'Web3 & Ledger' },
  plans: { url: /\/admin\/plans$/, heading: 'Plans' },
  video: { url: /\/admin\/video-manager$/, heading: 'Video Manager' },
  token_contract: { url: /\/admin\/token$/, heading: 'SGX Token' },
  smtp: { url: /\/admin\/settings\?tab=outbox$/, heading: 'Settings' },
};

/**
 * Removes every live receiving address through the admin API, each approved by the second admin (decision 0029);
 * returns them to be put back.
 */
async function removeAddresses(request: APIRequestContext, token: string): Promise<Address[]> {
  const { addresses } = await apiGet<{ addresses: Address[] }>(request, token, '/qr');
  for (const a of addresses) {
    const { status } = await adminCallApproved(request, token, `/qr/${a.id}`, undefined, 'DELETE');
    expect(status).toBe(202);
  }
  return addresses;
}

async function restoreAddresses(request: APIRequestContext, token: string, addresses: Address[]) {
  for (const a of addresses) {
    await adminCallApproved(request, token, '/qr/add', {
      currency: a.currency,
      address: a.address,
      ...(a.currency === 'BEP20' && a.chain_id !== null ? { chain_id: a.chain_id } : {}),
      ...(a.label ? { label: a.label } : {}),
      reason: 'e2e: setup checklist restores the address',
    });
  }
}

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

test('first run: the admin sees what is not set up with links to where it is set; members see that deposits are not open', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const removed = await removeAddresses(request, admin.token);
  try {
    const status = await apiGet<{ done: boolean; items: Item[] }>(request, admin.token, '/admin/setup');
    // The e2e server has no receiving address now and runs without SMTP.
    const notDone = status.items.filter((i) => !i.done).map((i) => i.key);
    expect(notDone).toEqual(expect.arrayContaining(['receiving_addresses', 'smtp']));

    const page = await signedIn(browser, 'admin');
    const checklist = new SetupChecklistCard(page);
    await checklist.goto();
    await expect(checklist.card.getByTestId('setup-left')).toHaveText(
      `${notDone.length} of ${status.items.length} to do`,
    );
    for (const item of status.items) {
      const row = checklist.item(item.key);
      await expect(row).toContainText(item.title);
      await expect(row).toContainText(item.done ? 'Done' : 'Not done');
      await expect(row).toContainText(item.explanation);
    }
    await expect(checklist.item('smtp')).toContainText('No SMTP server');
    await expect(checklist.item('receiving_addresses')).toContainText(
      'No receiving address for TRON (TRC20)',
    );

    for (const item of status.items) {
      await checklist.goto();
      await checklist.item(item.key).getByRole('link').click();
      const to = landing[item.key];
      if (to === undefined) throw new Error(`no landing page for ${item.key}`);
      await expect(page).toHaveURL(to.url);
      await expect(page.getByRole('heading', { level: 1, name: to.heading, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('tab', { name: 'Mail outbox', selected: true })).toBeVisible();

    // The member: no address, no form, no way to deposit offered; the page says when deposits open.
    const member = await signedIn(browser, 'member');
    const deposit = new DepositsNotOpenPage(member);
    await deposit.goto();
    await expect(deposit.message).toContainText('Deposits are not open yet');
    await expect(deposit.message).toContainText(
      'Deposits open once the platform has set its receiving address.',
    );
    await expect(member.getByRole('form', { name: 'Deposit form' })).toHaveCount(0);
    await expect(member.getByRole('tab', { name: 'Send manually' })).toHaveCount(0);
    await expect(member.getByTestId('receiving-address')).toHaveCount(0);

    // The admin sets the Tron address on the page the checklist links to: it waits for a second admin
    // (decision 0029), shown under the addresses; members still cannot deposit until it is approved.
    await page.goto('/admin/web3');
    const form = page.getByRole('form', { name: 'Set deposit address' });
    await form.getByText('TRON (TRC20)', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Address' }).fill(TRON);
    await form.getByRole('textbox', { name: 'Reason' }).fill('e2e: the Tron address');
    await form.getByRole('button', { name: 'Save address' }).click();
    await page
      .getByRole('dialog', { name: 'Save deposit address' })
      .getByRole('button', { name: 'Save address' })
      .click();
    await expectWaitingIn(page, 'Save deposit address');
    const waiting = page.getByTestId('addresses-pending');
    await expect(waiting).toContainText('Set the TRON (TRC20) receiving address');
    await expect(waiting).toContainText(TRON);
    await expect(page.getByTestId('address-TRC20')).toContainText('Not set');
    await deposit.goto();
    await expect(deposit.message).toContainText('Deposits are not open yet');
    const [asked] = (await pendingApprovals(request, 'deposit_address')).filter((a) =>
      a.changes.some((c) => c.after === TRON),
    );
    if (asked === undefined) throw new Error('the Tron address was not asked for');
    await approveAsSecondAdmin(request, asked.id);
    await page.reload();
    await expect(page.getByTestId('address-TRC20')).toContainText(TRON);
    await expect(waiting).toHaveCount(0);
  } finally {
    await restoreAddresses(request, admin.token, removed);
  }
});

test('a chain change waits for a second admin, shown on its card; confirmations below the floor are refused in the form', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const page = await signedIn(browser, 'admin');
  await page.goto('/admin/web3?tab=chains');
  const card = page.getByTestId('chain-1');
  const before = await apiGet<{ chains: { id: number; confirmations: number }[] }>(
    request,
    admin.token,
    '/chains',
  );
  const now = before.chains.find((c) => c.id === 1)?.confirmations ?? 0;
  await expect(card).toContainText(String(now));
  await card.getByRole('button', { name: 'Edit Ethereum' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ethereum settings' });
  const confirmations = dialog.getByRole('textbox', { name: 'Confirmations' });
  await confirmations.fill('11');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('e2e: slower finality');
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(dialog).toContainText('Ethereum needs at least 12 confirmations.');
  await confirmations.fill(String(now + 1));
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByTestId('approval-pending')).toContainText(
    'Waiting for a second admin to approve.',
  );
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Still in force: the old number; the change waits on the card.
  const waiting = page.getByTestId('chain-1-pending');
  await expect(waiting).toContainText(`Confirmations: ${now} → ${now + 1}`);
  const chains = await apiGet<{ chains: { id: number; confirmations: number }[] }>(
    request,
    admin.token,
    '/chains',
  );
  expect(chains.chains.find((c) => c.id === 1)?.confirmations).toBe(now);

  const [asked] = await pendingApprovals(request, 'chain_settings');
  if (asked === undefined) throw new Error('the chain change was not asked for');
  await approveAsSecondAdmin(request, asked.id);
  await page.reload();
  await expect(page.getByTestId('chain-1-pending')).toHaveCount(0);
  await expect(page.getByTestId('chain-1')).toContainText(String(now + 1));
  const after = await apiGet<{ chains: { id: number; confirmations: number }[] }>(
    request,
    admin.token,
    '/chains',
  );
  expect(after.chains.find((c) => c.id === 1)?.confirmations).toBe(now + 1);
});
