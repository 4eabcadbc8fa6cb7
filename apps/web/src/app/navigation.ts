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
  IconGauge,
  IconGift,
  IconHierarchy2,
  IconHistory,
  IconLifebuoy,
  IconMessagePlus,
  IconMovie,
  IconPackage,
  IconPlayerPlay,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconShieldLock,
  IconTicket,
  IconTrophy,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import english from '../i18n/en/nav.json';
import { englishNamespace, tr } from '../i18n/i18n';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** The menus' texts (decision 0039): the spec's English, and the member's language once loaded. */
const NS = englishNamespace('nav', english);

type Icon = NavItem['icon'];

/** A menu entry whose label is read in the member's language each time a menu draws it. */
const item = (key: keyof typeof english.item, to: string, icon: Icon): NavItem => ({
  get label() {
    return tr(`${NS}:item.${key}`);
  },
  to,
  icon,
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
    item('dashboard', '/admin/dashboard', IconGauge),
    item('reports', '/admin/reports', IconReportMoney),
    item('income', '/admin/income', IconChartBar),
  ]),
  section('members', [
    item('users', '/admin/users', IconUsersGroup),
    item('tickets', '/admin/tickets', IconTicket),
    item('notifications', '/admin/notifications', IconBellPlus),
    item('notificationList', '/admin/notification/list', IconBell),
    item('videoManager', '/admin/video-manager', IconMovie),
  ]),
  section('money', [
    item('plans', '/admin/plans', IconPackage),
    item('deposits', '/admin/deposits', IconBuildingBank),
    item('web3Deposits', '/admin/web3', IconWallet),
    item('withdrawals', '/admin/withdrawals', IconCash),
    item('approvals', '/admin/approvals', IconChecklist),
    item('topUps', '/admin/topup', IconCreditCard),
    item('codes', '/admin/codes', IconTicket),
    item('roiRequests', '/admin/roi-request', IconReceipt),
    item('rewardPlans', '/admin/reward-plans', IconTrophy),
    item('rewardTransactions', '/admin/reward-transactions', IconGift),
  ]),
  section('token', [
    item('sgxToken', '/admin/token', IconCoin),
    item('sgxTransactions', '/admin/sgx-transactions', IconArrowsExchange),
  ]),
  section('system', [
    item('settings', '/admin/settings', IconSettings),
    item('security', '/admin/security', IconShieldLock),
  ]),
];

export { adminHome, memberHome } from './homes';
