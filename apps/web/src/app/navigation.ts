import { type Grant, type StaffAreaName, type StaffRoleName, staffMay } from '@sgx/contracts/staff-grants';
import {
  IconArrowsExchange,
  IconBell,
  IconBellPlus,
  IconBuildingBank,
  IconCash,
  IconChartBar,
  IconChecklist,
  IconCoin,
  IconCreditCard,
  IconFileInvoice,
  IconFlag,
  IconGauge,
  IconGift,
  IconHierarchy2,
  IconHistory,
  IconHourglass,
  IconId,
  IconKey,
  IconLifebuoy,
  IconMessagePlus,
  IconMovie,
  IconPackage,
  IconPlayerPlay,
  IconReceipt,
  IconReportMoney,
  IconScale,
  IconSettings,
  IconShieldCheck,
  IconShieldLock,
  IconShieldX,
  IconTicket,
  IconTrophy,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconVersions,
  IconWallet,
  IconWebhook,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import english from '../i18n/en/nav.json';
import { englishNamespace, tr } from '../i18n/i18n';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** The back-office areas the page shows (decision 0042): listed for the roles that may read one of them. */
  areas?: readonly StaffAreaName[];
  /** 'write': a page that only changes things (a form to send), listed for the roles that may write its area. */
  grant?: Grant;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** The menus' texts (decision 0039): the spec's English, and the member's language once loaded. */
const NS = englishNamespace('nav', english);

type Icon = NavItem['icon'];

/** A menu entry whose label is read in the member's language each time a menu draws it. */
const item = (
  key: keyof typeof english.item,
  to: string,
  icon: Icon,
  areas?: StaffAreaName | readonly StaffAreaName[],
  grant?: Grant,
): NavItem => ({
  get label() {
    return tr(`${NS}:item.${key}`);
  },
  to,
  icon,
  ...(areas === undefined ? {} : { areas: typeof areas === 'string' ? [areas] : areas }),
  ...(grant === undefined ? {} : { grant }),
});

const section = (key: keyof typeof english.section, items: NavItem[]): NavSection => ({
  get title() {
    return tr(`${NS}:section.${key}`);
  },
  items,
});

/** Member menu: every member page that has no parameter, plus the member's own profile. */
export function memberNavigation(userId: number): NavSection[] {
  return [
    section('overview', [
      item('dashboard', '/user/dashboard', IconGauge),
      item('profile', `/user/profile/${userId}`, IconUser),
      item('notifications', '/user/notifications', IconBell),
      item('security', '/user/security', IconShieldLock),
    ]),
    section('earn', [
      item('watchAndEarn', '/watch/adds', IconPlayerPlay),
      item('income', '/user/income', IconChartBar),
      item('roiHistory', '/user/transaction/roi_transaction/invest', IconReceipt),
      item('rewards', '/user/rewards', IconTrophy),
    ]),
    section('wallet', [
      item('subscription', '/user/subscription', IconPackage),
      item('topUp', '/user/topup', IconCreditCard),
      item('web3Deposit', '/user/web3-deposit', IconWallet),
      item('depositHistory', '/user/deposit-history', IconHistory),
      item('withdrawal', '/user/withdrawal', IconCash),
      item('sgxToken', '/user/token', IconCoin),
      item('statements', '/user/statements', IconFileInvoice),
      item('proof', '/user/proof', IconShieldCheck),
    ]),
    section('team', [
      item('directMembers', '/user/direct-members', IconUsers),
      item('referralTree', '/user/refferral-tree', IconHierarchy2),
    ]),
    section('support', [
      item('myQueries', '/user/queries', IconLifebuoy),
      item('newQuery', '/user/query/create', IconMessagePlus),
    ]),
  ];
}

/** Admin menu: every admin page that has no parameter. */
export const adminNavigation: NavSection[] = [
  section('overview', [
    item('dashboard', '/admin/dashboard', IconGauge, 'dashboard'),
    item('reports', '/admin/reports', IconReportMoney, 'money'),
    item('solvency', '/admin/solvency', IconScale, 'money'),
    item('income', '/admin/income', IconChartBar, 'money'),
  ]),
  section('members', [
    item('users', '/admin/users', IconUsersGroup, 'members'),
    item('identityReview', '/admin/identity', IconId, 'compliance'),
    item('tickets', '/admin/tickets', IconTicket, 'tickets'),
    item('notifications', '/admin/notifications', IconBellPlus, 'notify', 'write'),
    item('notificationList', '/admin/notification/list', IconBell, 'notify'),
    item('videoManager', '/admin/video-manager', IconMovie, 'content'),
    item('heldIncome', '/admin/held-income', IconHourglass, 'compliance'),
    item('complianceFlags', '/admin/compliance/flags', IconFlag, 'compliance'),
    item('sanctions', '/admin/sanctions', IconShieldX, 'compliance'),
  ]),
  section('money', [
    item('plans', '/admin/plans', IconPackage, ['settings', 'money']),
    item('deposits', '/admin/deposits', IconBuildingBank, 'money'),
    item('web3Deposits', '/admin/web3', IconWallet, 'money'),
    item('withdrawals', '/admin/withdrawals', IconCash, 'money'),
    item('approvals', '/admin/approvals', IconChecklist, 'approvals'),
    item('topUps', '/admin/topup', IconCreditCard, 'money'),
    item('codes', '/admin/codes', IconTicket, 'money'),
    item('roiRequests', '/admin/roi-request', IconReceipt, 'money'),
    item('rewardPlans', '/admin/reward-plans', IconTrophy, 'settings'),
    item('rewardTransactions', '/admin/reward-transactions', IconGift, 'money'),
  ]),
  section('token', [
    item('sgxToken', '/admin/token', IconCoin, 'settings'),
    item('sgxTransactions', '/admin/sgx-transactions', IconArrowsExchange, 'money'),
  ]),
  section('system', [
    item('settings', '/admin/settings', IconSettings, ['settings', 'content', 'tickets', 'staff']),
    item('ruleVersions', '/admin/rule-versions', IconVersions, 'settings'),
    item('identityLevels', '/admin/identity-levels', IconId, 'settings'),
    item('security', '/admin/security', IconShieldLock, 'dashboard'),
    item('audit', '/admin/audit', IconHistory, 'audit'),
    item('staff', '/admin/staff', IconUsers, 'staff'),
    item('apiKeys', '/admin/api-keys', IconKey, 'dashboard'),
    item('webhooks', '/admin/webhooks', IconWebhook, 'staff'),
    item('proofAdmin', '/admin/proof', IconShieldCheck, 'settings'),
  ]),
];

/** Whether roles `held` may open the page of `i`: it reads one of its areas (or writes it, for a page that sends). */
const mayOpen = (i: Pick<NavItem, 'areas' | 'grant'>, held: readonly StaffRoleName[]) =>
  i.areas === undefined || i.areas.some((a) => staffMay(held, a, i.grant ?? 'read'));

/**
 * The admin menu a staff member's roles may open (decision 0042): a page is listed when the role may read its
 * area; the server refuses anything else anyway. A session stored before roles existed shows the owner's menu.
 */
export function adminNavigationFor(roles: readonly StaffRoleName[] | undefined): NavSection[] {
  const held = roles ?? ['owner'];
  return adminNavigation
    .map((s) => ({
      get title() {
        return s.title;
      },
      items: s.items.filter((i) => mayOpen(i, held)),
    }))
    .filter((s) => s.items.length > 0);
}

/** The admin pages with a parameter (not in the menu) and the areas they show. */
const pagesByPrefix: { prefix: string; areas: readonly StaffAreaName[] }[] = [
  { prefix: '/admin/ticket/', areas: ['tickets'] },
  // A member's page: the roles that read members or money (the server's assertStaffReadsMembers).
  { prefix: '/admin/check/profile/', areas: ['members', 'money'] },
];

/**
 * Whether a staff member's roles may open the admin page at `pathname` (decision 0054): the menu's rule for its entry, so
 * a page opened by its address outside the role shows that, not its tools. A path no entry names is let through
 * (the page, or the not-found page, decides).
 */
export function adminPageAllowed(pathname: string, roles: readonly StaffRoleName[] | undefined): boolean {
  const held = roles ?? ['owner'];
  const path = pathname.replace(/\/+$/, '');
  const entry =
    adminNavigation.flatMap((s) => s.items).find((i) => i.to === path) ??
    pagesByPrefix.find((p) => path.startsWith(p.prefix));
  return entry === undefined || mayOpen(entry, held);
}

export { adminHome, memberHome } from './homes';
