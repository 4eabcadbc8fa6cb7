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

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** Member menu: every member page that has no parameter, plus the member's own profile. */
export function memberNavigation(userId: number): NavSection[] {
  return [
    {
      title: 'Overview',
      items: [
        { label: 'Dashboard', to: '/user/dashboard', icon: IconGauge },
        { label: 'Profile', to: `/user/profile/${userId}`, icon: IconUser },
        { label: 'Notifications', to: '/user/notifications', icon: IconBell },
        { label: 'Security', to: '/user/security', icon: IconShieldLock },
      ],
    },
    {
      title: 'Earn',
      items: [
        { label: 'Watch and Earn', to: '/watch/adds', icon: IconPlayerPlay },
        { label: 'Income', to: '/user/income', icon: IconChartBar },
        { label: 'ROI history', to: '/user/transaction/roi_transaction/invest', icon: IconReceipt },
        { label: 'Rewards', to: '/user/rewards', icon: IconTrophy },
      ],
    },
    {
      title: 'Wallet',
      items: [
        { label: 'Subscription', to: '/user/subscription', icon: IconPackage },
        { label: 'Top-up', to: '/user/topup', icon: IconCreditCard },
        { label: 'Web3 deposit', to: '/user/web3-deposit', icon: IconWallet },
        { label: 'Deposit history', to: '/user/deposit-history', icon: IconHistory },
        { label: 'Withdrawal', to: '/user/withdrawal', icon: IconCash },
        { label: 'SGX token', to: '/user/token', icon: IconCoin },
      ],
    },
    {
      title: 'Team',
      items: [
        { label: 'Direct members', to: '/user/direct-members', icon: IconUsers },
        { label: 'Referral tree', to: '/user/refferral-tree', icon: IconHierarchy2 },
      ],
    },
    {
      title: 'Support',
      items: [
        { label: 'My queries', to: '/user/queries', icon: IconLifebuoy },
        { label: 'New query', to: '/user/query/create', icon: IconMessagePlus },
      ],
    },
  ];
}

/** Admin menu: every admin page that has no parameter. */
export const adminNavigation: NavSection[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/admin/dashboard', icon: IconGauge },
      { label: 'Reports', to: '/admin/reports', icon: IconReportMoney },
      { label: 'Income', to: '/admin/income', icon: IconChartBar },
    ],
  },
  {
    title: 'Members',
    items: [
      { label: 'Users', to: '/admin/users', icon: IconUsersGroup },
      { label: 'Tickets', to: '/admin/tickets', icon: IconTicket },
      { label: 'Notifications', to: '/admin/notifications', icon: IconBellPlus },
      { label: 'Notification list', to: '/admin/notification/list', icon: IconBell },
      { label: 'Video manager', to: '/admin/video-manager', icon: IconMovie },
    ],
  },
  {
    title: 'Money',
    items: [
      { label: 'Plans', to: '/admin/plans', icon: IconPackage },
      { label: 'Deposits', to: '/admin/deposits', icon: IconBuildingBank },
      { label: 'Web3 deposits', to: '/admin/web3', icon: IconWallet },
      { label: 'Withdrawals', to: '/admin/withdrawals', icon: IconCash },
      { label: 'Approvals', to: '/admin/approvals', icon: IconChecklist },
      { label: 'Top-ups', to: '/admin/topup', icon: IconCreditCard },
      { label: 'Codes', to: '/admin/codes', icon: IconTicket },
      { label: 'ROI requests', to: '/admin/roi-request', icon: IconReceipt },
      { label: 'Reward plans', to: '/admin/reward-plans', icon: IconTrophy },
      { label: 'Reward transactions', to: '/admin/reward-transactions', icon: IconGift },
    ],
  },
  {
    title: 'Token',
    items: [
      { label: 'SGX token', to: '/admin/token', icon: IconCoin },
      { label: 'SGX transactions', to: '/admin/sgx-transactions', icon: IconArrowsExchange },
    ],
  },
  {
    title: 'System',
    items: [
      { label: 'Settings', to: '/admin/settings', icon: IconSettings },
      { label: 'Security', to: '/admin/security', icon: IconShieldLock },
    ],
  },
];

export { adminHome, memberHome } from './homes';
