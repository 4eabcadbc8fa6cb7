import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoAdmin, demoMember, expect, test } from './fixtures';
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

/** Removes every live receiving address through the admin API; returns them to be put back. */
async function removeAddresses(request: APIRequestContext, token: string): Promise<Address[]> {
  const { addresses } = await apiGet<{ addresses: Address[] }>(request, token, '/qr');
  for (const a of addresses) {
    const res = await request.delete(`/api/v1/qr/${a.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return addresses;
}

async function restoreAddresses(request: APIRequestContext, token: string, addresses: Address[]) {
  for (const a of addresses) {
    const res = await request.post('/api/v1/qr/add', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        currency: a.currency,
        address: a.address,
        ...(a.currency === 'BEP20' && a.chain_id !== null ? { chain_id: a.chain_id } : {}),
        ...(a.label ? { label: a.label } : {}),
        reason: 'e2e: setup checklist restores the address',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

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
      'No receiving address for Tron (TRC20)',
    );

    for (const item of status.items) {
      await checklist.goto();
      await checklist.item(item.key).getByRole('link').click();
      const to = landing[item.key];
      if (to === undefined) throw new Error(`no landing page for ${item.key}`);
      await expect(page).toHaveURL(to.url);
      await expect(page.getByRole('heading', { level: 2, name: to.heading, exact: true })).toBeVisible();
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
  } finally {
    await restoreAddresses(request, admin.token, removed);
  }
});
