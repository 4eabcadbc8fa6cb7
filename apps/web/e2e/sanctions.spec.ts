import { DEV_TOKEN_ADDRESS, mine, mintTestStablecoin } from '@sgx/chain/dev';
import { createTestClient, http, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminApprovalsPage, pendingApprovals } from './pages/ApprovalPages';
import { signInAdmin, signInMember } from './pages/IncomeScreens';
import {
  CHAIN_URL,
  CONFIRMATIONS,
  ownEvmAddress,
  payTo,
  restoreReceiving,
  runChainScan,
  setUpChain,
} from './pages/localChain';
import { addAmounts, apiGet, apiPost, apiSignIn, walletOf } from './pages/MoneyApi';
import { caughtMail } from './pages/mailCatcher';
import { ProfilePage } from './pages/ProfilePage';
import { AdminSanctionsPage, sanctionsOverview } from './pages/SanctionsPages';

/**
 * Sanctions screening (decision 0075) in the browser: a member on a phone sets a payout address of the OFAC list in
 * force and is refused with the neutral message, the compliance officer reads the refusal in the audit trail with the
 * list and its date; and a deposit from a sender the officer put on the operator's own list (on the page) is found
 * by the chain scan on the run's anvil chain, held, not credited, shown on /admin/sanctions, and credited once when
 * a second admin approved the officer's release.
 */
const compliance = { email: 'compliance@example.com', password: 'Copper-Willow-58' };
/** On the shipped OFAC snapshot (ofac-sdn-eth.txt) the run's server loads on its first start, as published. */
const LISTED_ETH = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1';
const NEUTRAL = 'This address cannot be used for payouts. Our compliance team will contact you about it.';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a listed payout address is refused with a neutral message; the audit trail names the list and its date', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const member = await registerViaApi(request, 'sanctioned');
    const officer = await apiSignIn(request, 'admin', compliance.email, compliance.password);
    const before = await sanctionsOverview(request, officer.token);
    const ofac = before.lists.find((l) => l.source === 'ofac_sdn');
    expect(ofac?.published_on).toMatch(/^\d{4}-\d\d-\d\d$/);

    await signInMember(page, member.email, member.password);
    const profile = new ProfilePage(page);
    await profile.goto(member.id);
    await profile.fillPayoutChange('BEP20', LISTED_ETH, member.password);
    await profile.sendPayoutEmailCode();
    const mail = await caughtMail(request, member.email, 'Your SocialGenX payout address code');
    const code = /change a payout address is (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await profile.payoutForm.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code ?? '');
    await profile.payoutForm.getByRole('button', { name: 'Change address' }).click();
    const ask = page.getByRole('dialog', { name: 'Change your EVM payout address?' });
    await expect(ask).toContainText(`To: ${LISTED_ETH}`);
    await ask.getByRole('button', { name: 'Change address' }).click();
    await expect(ask).toBeHidden();
    const refused = profile.payoutForm.getByRole('alert');
    await expect(refused).toContainText(NEUTRAL);
    // Neutral: no list, no accusation.
    await expect(refused).not.toContainText(/OFAC|sanction|list/i);
    await expect(profile.payoutCurrent('BEP20')).not.toContainText(LISTED_ETH);
    await expect(profile.holds).toHaveCount(0);
    const { singleuser } = await apiGet<{ singleuser: { bep20: string | null } }>(
      request,
      (await apiSignIn(request, 'member', member.email, member.password)).token,
      `/users/${member.id}`,
    );
    expect(singleuser.bep20 ?? '').not.toMatch(new RegExp(LISTED_ETH, 'i'));

    // The hit, as compliance reads it: the member, the address, the OFAC list and its date.
    const hits = (await sanctionsOverview(request, officer.token)).hits.filter(
      (h) => h.member_id === member.id,
    );
    expect(hits).toEqual([
      expect.objectContaining({
        kind: 'payout_address',
        status: 'refused',
        address: LISTED_ETH.toLowerCase(),
        list_source: 'ofac_sdn',
        list_date: ofac?.published_on,
      }),
    ]);
    const hitId = hits[0]?.id ?? 0;

    // The compliance officer (on a laptop) opens the hit's audit trail: the refusal with the list and its date.
    const desk = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const officerPage = await desk.newPage();
    await signInAdmin(officerPage, compliance.email, compliance.password);
    const sanctions = new AdminSanctionsPage(officerPage);
    await sanctions.goto();
    await expect(sanctions.hit(hitId)).toContainText('Payout address listed');
    await expect(sanctions.hit(hitId)).toContainText('Refused');
    await expect(sanctions.hit(hitId)).toContainText(`OFAC SDN list of ${ofac?.published_on}`);
    await officerPage.goto(`/admin/audit?record=sanctions_hit:${hitId}`);
    const entries = officerPage.getByRole('table', { name: 'Audit entries, newest first' });
    await expect(entries).toContainText('sanctions.refuse');
    await expect(entries).toContainText(
      `Sanctions: payout address ${LISTED_ETH.toLowerCase()} refused; on the OFAC SDN list of ${ofac?.published_on}.`,
    );
    await desk.close();
  });
});

test.describe('a deposit from a listed sender', () => {
  test.afterEach(async ({ request }) => restoreReceiving(request));

  test('is held by the chain scan, not credited, shown to compliance, and credited once after two admins release it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    await setUpChain(request);
    const member = await registerViaApi(request, 'heldsender');
    const api = await apiSignIn(request, 'member', member.email, member.password);
    const own = await ownEvmAddress(request, api.token);
    const before = await walletOf(request, api.token, api.id);

    // A wallet of its own (no other spec pays from it), with gas and 30 of the local stablecoin.
    const payer = privateKeyToAccount(generatePrivateKey());
    await createTestClient({ mode: 'anvil', transport: http(CHAIN_URL) }).setBalance({
      address: payer.address,
      value: parseEther('1'),
    });
    await mintTestStablecoin(CHAIN_URL, DEV_TOKEN_ADDRESS, payer.address, parseUnits('30', 18));

    // The compliance officer puts it on the operator's own list, on the page.
    await signInAdmin(page, compliance.email, compliance.password);
    const sanctions = new AdminSanctionsPage(page);
    await sanctions.goto();
    await sanctions.addToOperatorList(payer.address, 'e2e: a sender reported by the police');
    const officer = await apiSignIn(request, 'admin', compliance.email, compliance.password);
    const entry = (await sanctionsOverview(request, officer.token)).operator_entries.find(
      (e) => e.address === payer.address.toLowerCase(),
    );
    expect(entry).toBeDefined();
    try {
      // It pays the member's own address; the scan sees it, and past its confirmations records it held.
      const hash = await payTo(payer, own, '30');
      await runChainScan();
      await mine(CHAIN_URL, CONFIRMATIONS);
      await runChainScan();
      type Deposits = {
        deposits: { id: number; status: string; chain_status: string; hash: string; amount: string }[];
      };
      const listed = await apiGet<Deposits>(request, api.token, '/deposite/list');
      const deposit = listed.deposits.find((d) => d.hash === hash);
      expect(deposit).toMatchObject({
        status: 'pending',
        chain_status: 'sanctions_held',
        amount: '30.00000000',
      });
      const depositId = deposit?.id ?? 0;
      expect((await walletOf(request, api.token, api.id)).deposit).toBe(before.deposit);

      // Shown on /admin/sanctions: the deposit held, the operator's list of today.
      const hit = (await sanctionsOverview(request, officer.token)).hits.find(
        (h) => h.deposit_id === depositId,
      );
      expect(hit).toMatchObject({
        kind: 'deposit',
        status: 'held',
        address: payer.address.toLowerCase(),
        list_source: 'operator',
      });
      const hitId = hit?.id ?? 0;
      await sanctions.goto();
      const row = sanctions.hit(hitId);
      await expect(row).toContainText(`Deposit #${depositId} held`);
      await expect(row).toContainText(payer.address.toLowerCase());
      await expect(row).toContainText(`Operator’s own list of ${hit?.list_date}`);
      await expect(row).toContainText('Held');

      // The officer asks for the release: it waits for a second admin, nothing is credited yet.
      await sanctions.askRelease(hitId, 'e2e: the police withdrew the report');
      await expect(row).toContainText('Awaiting a second admin');
      expect((await walletOf(request, api.token, api.id)).deposit).toBe(before.deposit);
      const [approval] = (await pendingApprovals(request, 'sanctions_release')).filter((a) =>
        a.summary.includes(`sanctions hit #${hitId} `),
      );
      expect(approval).toBeDefined();
      const approvalId = approval?.id ?? 0;

      // The owner, a second admin, approves it on the approvals page: credited, once.
      const ownerContext = await browser.newContext();
      const ownerPage = await ownerContext.newPage();
      await signInAdmin(ownerPage, demoAdmin.email, demoAdmin.password);
      const approvals = new AdminApprovalsPage(ownerPage);
      await approvals.goto();
      await expect(approvals.row(approvalId)).toContainText(`Credit deposit #${depositId}`);
      await approvals.approve(approvalId);
      await ownerContext.close();
      const after = await walletOf(request, api.token, api.id);
      expect(after.deposit).toBe(addAmounts(before.deposit, '30'));
      await runChainScan();
      expect((await walletOf(request, api.token, api.id)).deposit).toBe(after.deposit);
      const credited = await apiGet<Deposits>(request, api.token, '/deposite/list');
      expect(credited.deposits.filter((d) => d.hash === hash)).toEqual([
        expect.objectContaining({ status: 'complete', chain_status: 'credited' }),
      ]);
      await sanctions.goto();
      await expect(row).toContainText('Released');
      await expect(row).toContainText('e2e: the police withdrew the report');
      await expect(sanctions.hits.getByRole('button', { name: `Release hit #${hitId}` })).toHaveCount(0);
    } finally {
      await apiPost(request, officer.token, `/admin/sanctions/operator/${entry?.id}/remove`, {
        reason: 'e2e: the spec is over',
      });
    }
  });
});
