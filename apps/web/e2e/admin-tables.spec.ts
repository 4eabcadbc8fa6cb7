import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminTablePage } from './pages/AdminTables';
import { payoutAddressNow } from './pages/ApprovalPages';
import { apiGet, apiPost, apiSignIn, depositViaApi } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';
import { tradeAs } from './pages/tokenApi';

/**
 * Decision 0021, rough edge 10: the admin tables fit a laptop (1366 px) and a phone (390 px) without scrolling
 * sideways, every column is either shown or in the row's details, and members are named by name and
 * username. Screenshots of each page at both widths are attached to the report.
 */

/** The test member, and the code they redeemed. */
type Member = Awaited<ReturnType<typeof registerViaApi>> & { code: string };

// One member for the file, with one row on each page: a pending deposit, a pending ROI withdrawal, a trade,
// a plan bought (top-up), a ticket, a redeemed code (and the ledger rows all of it made).
let shared: Promise<Member> | undefined;
function memberWithRows(request: APIRequestContext): Promise<Member> {
  shared ??= (async () => {
    const member = await registerViaApi(request, 'tables');
    const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
    const { token } = await apiSignIn(request, 'member', member.email, member.password);
    await payoutAddressNow(request, admin.token, member.id);
    for (const wallet of ['deposit', 'non_working'] as const) {
      await apiPost(request, admin.token, '/tr/create', {
        user_id: member.id,
        amount: '100',
        direction: 'credit',
        wallet,
        reason: 'e2e: admin tables',
      });
    }
    await depositViaApi(request, token, member.id, '25');
    await apiPost(request, token, '/withdrawalrequest/add/roiwithdrawal', {
      user_id: member.id,
      amount: '20',
    });
    await tradeAs(request, member, 'buy', '50');
    await apiPost(request, admin.token, '/tr/create', {
      user_id: member.id,
      amount: '150',
      direction: 'credit',
      wallet: 'deposit',
      reason: 'e2e: admin tables, a plan',
    });
    await apiPost(request, token, '/topup/add', { id: 1, userby_id: member.id, userto_id: member.id });
    await apiPost(request, token, '/tickets', {
      subject: 'Admin tables: a ticket',
      category: 'income',
      message: 'A ticket for the admin tables check.',
    });
    const issued = await apiPost<{ codes: { code: string }[] }>(request, admin.token, '/codes', {
      count: 1,
      amount: '1',
    });
    const code = issued.codes[0]?.code ?? '';
    await apiPost(request, token, '/codes/redeem', { code });
    return { ...member, code };
  })();
  return shared;
}

interface TablePage {
  name: string;
  path: string;
  heading: string;
  columns: string[];
  /** Phone: columns that ui/ResponsiveTable leaves out of the card's fields (shown in its heading). */
  inCardHeading?: string[];
  /** The table's part of the page, when the page has several tables. */
  scope?: (page: Page) => Locator;
  /** The column naming the member (always shown); 'Member' by default. */
  memberColumn?: string;
  /** The member has several rows here (ledger rows): the first is checked. */
  severalRows?: boolean;
  /** Narrows the list to the test member. */
  find: (page: Page, m: Member) => Promise<void>;
}

const search = (label: string, text: (m: Member) => string) => async (page: Page, m: Member) => {
  await page.getByRole('textbox', { name: label, exact: true }).fill(text(m));
};

const pages: TablePage[] = [
  {
    name: 'deposits',
    path: '/admin/deposits',
    heading: 'Deposits',
    columns: [
      'No.',
      'Member',
      'Amount',
      'Credited',
      'Network',
      'Status',
      'Chain check',
      'Transaction hash',
      'From',
      'Requested',
      'Decided',
      'Note',
    ],
    inCardHeading: ['No.', 'Member', 'Amount', 'Status'],
    find: search('Search deposits', (m) => m.username),
  },
  {
    name: 'roi-requests',
    path: '/admin/roi-request',
    heading: 'ROI Requests',
    columns: [
      'No.',
      'Member',
      'Kind',
      'Amount',
      'Fee',
      'Net paid',
      'Status',
      'Payout address',
      'Requested',
      'Decided',
      'Note',
    ],
    find: search('Search withdrawals', (m) => m.username),
  },
  {
    name: 'users',
    path: '/admin/users',
    heading: 'Users',
    columns: ['Member', 'Email', 'Phone', 'Referral code', 'Status', 'Active', 'Plan', 'Joined'],
    find: search('Search users', (m) => m.email),
  },
  {
    name: 'sgx-transactions',
    path: '/admin/sgx-transactions',
    heading: 'SGX Transactions',
    columns: ['Member', 'Type', 'Tokens', 'Price', 'Total', 'Status', 'Date'],
    scope: (page) => page.getByRole('tabpanel', { name: 'All Transactions' }),
    find: search('Search transactions', (m) => m.username),
  },
  {
    name: 'topups',
    path: '/admin/topup',
    heading: 'Top-ups',
    columns: ['No.', 'For', 'Amount', 'Kind', 'Paid by', 'Date', 'Plan', 'Status'],
    inCardHeading: ['No.', 'Amount'],
    memberColumn: 'For',
    scope: (page) => page.getByRole('region', { name: 'All top-ups' }),
    find: search('Search top-ups', (m) => m.username),
  },
  {
    name: 'ledger-transactions',
    path: '/admin/web3?tab=transactions',
    heading: 'Web3 & Ledger',
    columns: ['Date', 'Member', 'Source', 'Amount', 'Details', 'Wallet', 'Status', 'No.'],
    inCardHeading: ['Source', 'Amount'],
    severalRows: true,
    scope: (page) => page.getByRole('tabpanel', { name: 'All transactions' }),
    find: search('Search transactions', (m) => m.username),
  },
  {
    name: 'tickets',
    path: '/admin/tickets',
    heading: 'Tickets',
    columns: ['Ticket', 'Subject', 'Member', 'Category', 'Status', 'Last activity'],
    inCardHeading: ['Ticket'],
    find: search('Search tickets', (m) => m.username),
  },
  {
    name: 'codes',
    path: '/admin/codes',
    heading: 'Codes',
    columns: ['Code', 'Value', 'Status', 'Redeemed by', 'Issued', 'Redeemed at'],
    inCardHeading: [],
    memberColumn: 'Redeemed by',
    scope: (page) => page.getByRole('region', { name: 'All codes' }),
    find: search('Search codes', (m) => m.code),
  },
];

/** A member as a record of the API names them: name and username (the username alone without a name). */
interface NamedMember {
  user_id: number;
  username: string;
  fullname: string;
}
const labelOf = (m: NamedMember) =>
  m.fullname.trim() === '' ? m.username : `${m.fullname.trim()} · ${m.username}`;

/**
 * The reports page's tables that name members (salary payments, the CTO pool's qualified members and a
 * payout's shares). Their rows are whatever the demo's month of history (and the specs before) made: the
 * API says which members the table lists, or that it is empty, and the table must show the same.
 */
interface ReportTable {
  name: string;
  path: string;
  columns: string[];
  emptyText: string;
  /** The table's part of the page. */
  scope: (page: Page) => Locator;
  /** The members of the table's rows, in its order (its first page). */
  members: (request: APIRequestContext, token: string) => Promise<NamedMember[]>;
  /** Opens the table when it is not on the page itself (the shares of the newest payout); false if none. */
  open?: (page: Page, request: APIRequestContext, token: string) => Promise<boolean>;
}

const reportTables: ReportTable[] = [
  {
    name: 'salary-payments',
    path: '/admin/reports',
    columns: ['Member', 'Month', 'Directs', 'Due', 'Paid', 'Paid at'],
    emptyText: 'No salary paid for this month.',
    scope: (page) => page.getByRole('region', { name: 'Salary payments' }),
    members: async (request, token) =>
      (await apiGet<{ data: NamedMember[] }>(request, token, '/salary/user-salaries?page=1&limit=20')).data,
  },
  {
    name: 'cto-qualified',
    path: '/admin/reports?tab=cto',
    columns: ['Member', 'Own plan', "Directs' plans"],
    emptyText: 'No member qualifies for the CTO pool now.',
    scope: (page) => page.getByRole('region', { name: 'Qualified now' }),
    members: async (request, token) =>
      (await apiGet<{ qualified: NamedMember[] }>(request, token, '/cto')).qualified,
  },
  {
    name: 'cto-shares',
    path: '/admin/reports?tab=cto',
    columns: ['Member', 'Paid'],
    // No payout yet: the payouts table says so, and there are no shares to open.
    emptyText: 'No CTO pool has been paid yet.',
    scope: (page) => page.getByRole('dialog', { name: /^CTO .*shares$/ }),
    members: async (request, token) => {
      const { payouts } = await apiGet<{ payouts: { id: number }[] }>(request, token, '/cto/list');
      const newest = payouts[0];
      if (newest === undefined) return [];
      return (await apiGet<{ shares: NamedMember[] }>(request, token, `/cto/byid/${newest.id}`)).shares;
    },
    open: async (page, request, token) => {
      const { payouts } = await apiGet<{ payouts: { id: number }[] }>(request, token, '/cto/list');
      if (payouts.length === 0) return false;
      const list = page.getByRole('region', { name: 'Payouts' });
      await list.getByRole('button', { name: 'Shares' }).first().click();
      await expect(page.getByRole('dialog', { name: /^CTO .*shares$/ })).toBeVisible();
      return true;
    },
  },
];

const sizes = [
  { label: '1366', viewport: { width: 1366, height: 850 } },
  { label: '390', viewport: { width: 390, height: 844 } },
];

for (const size of sizes) {
  test.describe(`admin tables at ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test.beforeEach(async ({ page }) => {
      const signIn = new SignInPage(page, 'admin');
      await signIn.goto();
      await signIn.signIn(demoAdmin.email, demoAdmin.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });

    for (const spec of pages) {
      test(`${spec.name}: no sideways scroll, every column shown or in the details, members by name`, async ({
        page,
        request,
      }, testInfo) => {
        const member = await memberWithRows(request);
        const view = new AdminTablePage(page, spec.path, spec.heading, spec.scope);
        await view.goto();
        await spec.find(page, member);
        const memberText = `${member.fullname} · ${member.username}`;

        const cardLayout = spec.inCardHeading !== undefined || spec.name === 'roi-requests';
        if (size.viewport.width < 768 && cardLayout) {
          // ui/ResponsiveTable on a phone: one card per row, every field labelled in it.
          if (spec.severalRows) await expect(view.cards.first()).toBeVisible();
          else await expect(view.cards).toHaveCount(1);
          const card = view.cards.first();
          await expect(card).toContainText(memberText);
          for (const column of spec.columns) {
            if (spec.inCardHeading?.includes(column)) continue;
            await expect(card.getByText(column, { exact: true }).first(), column).toBeVisible();
          }
        } else {
          if (spec.severalRows) await expect(view.rows.first()).toBeVisible();
          else await expect(view.rows).toHaveCount(1);
          const row = view.rows.first();
          await view.expectTableFits();
          const { shown, folded } = await view.columns();
          // Row actions (a visually hidden header) never fold.
          expect(folded).not.toContain('Actions');
          const named = [...shown, ...folded].filter((h) => h !== 'Actions');
          expect(named.sort()).toEqual([...spec.columns].sort());
          expect(shown, 'the member column always shows').toContain(spec.memberColumn ?? 'Member');
          if (folded.length > 0) {
            expect(await view.openDetails(row)).toEqual(folded);
          }
          // The member by name and username, the number on hover.
          // A top-up names the member twice (paid by, for): the first.
          const name = row.locator(`[data-member-id="${member.id}"]`).first();
          await expect(name).toBeVisible();
          await expect(name).toHaveText(memberText);
          if (size.viewport.width >= 768) {
            await name.hover();
            await expect(page.getByText(`Member #${member.id}`, { exact: true })).toBeVisible();
          }
        }

        expect(await view.sidewaysOverflow(), 'nothing scrolls sideways').toEqual([]);
        await view.screenshot(testInfo, `${spec.name}-${size.label}`);
      });
    }

    for (const spec of reportTables) {
      test(`reports, ${spec.name}: no sideways scroll, members by name, or the empty state`, async ({
        page,
        request,
      }, testInfo) => {
        const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
        const members = await spec.members(request, admin.token);
        const view = new AdminTablePage(page, spec.path, 'Reports', spec.scope);
        await view.goto();
        const opened = spec.open === undefined ? true : await spec.open(page, request, admin.token);

        if (members.length === 0) {
          // Nothing to list (the demo has no such rows): the table says so, in place of rows.
          const where = opened
            ? view
            : new AdminTablePage(page, spec.path, 'Reports', (p) =>
                p.getByRole('region', { name: 'Payouts' }),
              );
          await expect(where.emptyState(spec.emptyText)).toBeVisible();
          await expect(where.rows.filter({ has: page.locator('[data-member-id]') })).toHaveCount(0);
        } else {
          await expect(view.rows).toHaveCount(members.length);
          await view.expectTableFits();
          const { shown, folded } = await view.columns();
          const named = [...shown, ...folded].filter((h) => h !== '' && h !== 'Actions');
          expect(named.sort()).toEqual([...spec.columns].sort());
          expect(shown, 'the member column always shows').toContain('Member');
          if (folded.length > 0) expect(await view.openDetails(view.rows.first())).toEqual(folded);
          // Each row names its member by name and username (the first few, as the API lists them).
          for (const [i, m] of members.slice(0, 5).entries()) {
            const name = view.memberName(view.rows.nth(i), m.user_id);
            await expect(name).toBeVisible();
            await expect(name).toHaveText(labelOf(m));
          }
          const first = members[0];
          if (first !== undefined && size.viewport.width >= 768) {
            await view.memberName(view.rows.first(), first.user_id).hover();
            await expect(page.getByText(`Member #${first.user_id}`, { exact: true })).toBeVisible();
          }
        }

        expect(await view.sidewaysOverflow(), 'nothing scrolls sideways').toEqual([]);
        await view.screenshot(testInfo, `reports-${spec.name}-${size.label}`);
      });
    }
  });
}
