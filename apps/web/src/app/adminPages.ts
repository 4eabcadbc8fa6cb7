import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * How to load the admin area's pages, each its own chunk loaded when its route is first opened (spec 2.1). This table
 * (with what each page's chunk needs preloaded) loads with the admin frame, not with the public pages.
 */
export const adminPages = {
  AdminDashboardPage: (): PageModule => import('../pages/admin/DashboardPage'),
  AdminPlansPage: (): PageModule => import('../pages/admin/PlansPage'),
  AdminUsersPage: (): PageModule => import('../pages/admin/UsersPage'),
  AdminTicketsPage: (): PageModule => import('../pages/admin/TicketsPage'),
  AdminTicketPage: (): PageModule => import('../pages/admin/TicketPage'),
  AdminReportsPage: (): PageModule => import('../pages/admin/ReportsPage'),
  AdminIncomePage: (): PageModule => import('../pages/admin/IncomePage'),
  AdminWeb3Page: (): PageModule => import('../pages/admin/Web3Page'),
  AdminSettingsPage: (): PageModule => import('../pages/admin/SettingsPage'),
  AdminTokenPage: (): PageModule => import('../pages/admin/TokenPage'),
  AdminSgxTransactionsPage: (): PageModule => import('../pages/admin/SgxTransactionsPage'),
  AdminWithdrawalsPage: (): PageModule => import('../pages/admin/WithdrawalsPage'),
  AdminRoiRequestPage: (): PageModule => import('../pages/admin/RoiRequestPage'),
  AdminDepositsPage: (): PageModule => import('../pages/admin/DepositsPage'),
  AdminTopupPage: (): PageModule => import('../pages/admin/TopupPage'),
  AdminRewardPlansPage: (): PageModule => import('../pages/admin/RewardPlansPage'),
  AdminRewardTransactionsPage: (): PageModule => import('../pages/admin/RewardTransactionsPage'),
  AdminUserDetailPage: (): PageModule => import('../pages/admin/UserDetailPage'),
  AdminVideoManagerPage: (): PageModule => import('../pages/admin/VideoManagerPage'),
  AdminNotificationCreatePage: (): PageModule => import('../pages/admin/NotificationCreatePage'),
  AdminNotificationListPage: (): PageModule => import('../pages/admin/NotificationListPage'),
  AdminCodesPage: (): PageModule => import('../pages/admin/CodesPage'),
  AdminSecurityPage: (): PageModule => import('../pages/admin/SecurityPage'),
  AdminApprovalsPage: (): PageModule => import('../pages/admin/ApprovalsPage'),
  AdminAuditPage: (): PageModule => import('../pages/admin/AuditPage'),
  AdminStaffPage: (): PageModule => import('../pages/admin/StaffPage'),
  AdminProofPage: (): PageModule => import('../pages/admin/ProofAdminPage'),
  AdminSolvencyPage: (): PageModule => import('../pages/admin/SolvencyPage'),
  AdminRuleVersionsPage: (): PageModule => import('../pages/admin/RuleVersionsPage'),
  AdminApiKeysPage: (): PageModule => import('../pages/admin/ApiKeysPage'),
  AdminWebhooksPage: (): PageModule => import('../pages/admin/WebhooksPage'),
  AdminIdentityReviewPage: (): PageModule => import('../pages/admin/IdentityReviewPage'),
  AdminIdentityLevelsPage: (): PageModule => import('../pages/admin/IdentityLevelsPage'),
  AdminHeldIncomePage: (): PageModule => import('../pages/admin/HeldIncomePage'),
  AdminComplianceFlagsPage: (): PageModule => import('../pages/admin/ComplianceFlagsPage'),
  AdminSanctionsPage: (): PageModule => import('../pages/admin/SanctionsPage'),
};
