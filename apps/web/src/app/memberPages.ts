import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * How to load the member area's pages, each its own chunk loaded when its route is first opened (spec 2.1). This table
 * (with what each page's chunk needs preloaded) loads with the member frame, not with the public pages.
 */
export const memberPages = {
  ProfilePage: (): PageModule => import('../pages/member/ProfilePage'),
  IdentityPage: (): PageModule => import('../pages/member/IdentityPage'),
  Web3DepositPage: (): PageModule => import('../pages/member/Web3DepositPage'),
  NotificationsPage: (): PageModule => import('../pages/member/NotificationsPage'),
  DepositHistoryPage: (): PageModule => import('../pages/member/DepositHistoryPage'),
  MemberIncomePage: (): PageModule => import('../pages/member/IncomePage'),
  DirectMembersPage: (): PageModule => import('../pages/member/DirectMembersPage'),
  ReferralTreePage: (): PageModule => import('../pages/member/ReferralTreePage'),
  SubscriptionPage: (): PageModule => import('../pages/member/SubscriptionPage'),
  MemberTopupPage: (): PageModule => import('../pages/member/TopupPage'),
  WithdrawalPage: (): PageModule => import('../pages/member/WithdrawalPage'),
  TransactionsPage: (): PageModule => import('../pages/member/TransactionsPage'),
  RoiInvestPage: (): PageModule => import('../pages/member/RoiInvestPage'),
  SourceTransactionsPage: (): PageModule => import('../pages/member/SourceTransactionsPage'),
  WatchAndEarnPage: (): PageModule => import('../pages/member/WatchAndEarnPage'),
  RewardsPage: (): PageModule => import('../pages/member/RewardsPage'),
  QueriesPage: (): PageModule => import('../pages/member/QueriesPage'),
  QueryDetailPage: (): PageModule => import('../pages/member/QueryDetailPage'),
  QueryCreatePage: (): PageModule => import('../pages/member/QueryCreatePage'),
  MemberTokenPage: (): PageModule => import('../pages/member/TokenPage'),
  SecurityPage: (): PageModule => import('../pages/member/SecurityPage'),
  StatementsPage: (): PageModule => import('../pages/member/StatementsPage'),
  MemberProofPage: (): PageModule => import('../pages/member/ProofPage'),
  MemberPrivacyPage: (): PageModule => import('../pages/member/PrivacyPage'),
};
