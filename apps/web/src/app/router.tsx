import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SitePopup } from '../modules/notifications/components/SitePopup';
import { RouteErrorPage } from './ErrorFallback';
import { RequireRole } from './guards';
import { AdminShell } from './layouts/AdminShell';
import { MemberShell } from './layouts/MemberShell';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';

// Every page is its own chunk, loaded when its route is first opened (spec 2.1).
const HomePage = lazy(() => import('../pages/public/HomePage'));
const PrivacyPage = lazy(() => import('../pages/public/PrivacyPage'));
const TermsPage = lazy(() => import('../pages/public/TermsPage'));
const LoginPage = lazy(() => import('../pages/public/LoginPage'));
const AdminLoginPage = lazy(() => import('../pages/public/AdminLoginPage'));
const RegistrationPage = lazy(() => import('../pages/public/RegistrationPage'));
const UnauthorizedPage = lazy(() => import('../pages/public/UnauthorizedPage'));
const ForgotPasswordPage = lazy(() => import('../pages/public/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../pages/public/ResetPasswordPage'));
const NotFoundPage = lazy(() => import('../pages/public/NotFoundPage'));

const AdminDashboardPage = lazy(() => import('../pages/admin/DashboardPage'));
const AdminPlansPage = lazy(() => import('../pages/admin/PlansPage'));
const AdminUsersPage = lazy(() => import('../pages/admin/UsersPage'));
const AdminTicketsPage = lazy(() => import('../pages/admin/TicketsPage'));
const AdminTicketPage = lazy(() => import('../pages/admin/TicketPage'));
const AdminReportsPage = lazy(() => import('../pages/admin/ReportsPage'));
const AdminIncomePage = lazy(() => import('../pages/admin/IncomePage'));
const AdminWeb3Page = lazy(() => import('../pages/admin/Web3Page'));
const AdminSettingsPage = lazy(() => import('../pages/admin/SettingsPage'));
const AdminTokenPage = lazy(() => import('../pages/admin/TokenPage'));
const AdminSgxTransactionsPage = lazy(() => import('../pages/admin/SgxTransactionsPage'));
const AdminWithdrawalsPage = lazy(() => import('../pages/admin/WithdrawalsPage'));
const AdminRoiRequestPage = lazy(() => import('../pages/admin/RoiRequestPage'));
const AdminDepositsPage = lazy(() => import('../pages/admin/DepositsPage'));
const AdminTopupPage = lazy(() => import('../pages/admin/TopupPage'));
const AdminRewardPlansPage = lazy(() => import('../pages/admin/RewardPlansPage'));
const AdminRewardTransactionsPage = lazy(() => import('../pages/admin/RewardTransactionsPage'));
const AdminUserDetailPage = lazy(() => import('../pages/admin/UserDetailPage'));
const AdminVideoManagerPage = lazy(() => import('../pages/admin/VideoManagerPage'));
const AdminNotificationCreatePage = lazy(() => import('../pages/admin/NotificationCreatePage'));
const AdminNotificationListPage = lazy(() => import('../pages/admin/NotificationListPage'));
const AdminCodesPage = lazy(() => import('../pages/admin/CodesPage'));

const ProfilePage = lazy(() => import('../pages/member/ProfilePage'));
const MemberDashboardPage = lazy(() => import('../pages/member/DashboardPage'));
const Web3DepositPage = lazy(() => import('../pages/member/Web3DepositPage'));
const NotificationsPage = lazy(() => import('../pages/member/NotificationsPage'));
const DepositHistoryPage = lazy(() => import('../pages/member/DepositHistoryPage'));
const MemberIncomePage = lazy(() => import('../pages/member/IncomePage'));
const DirectMembersPage = lazy(() => import('../pages/member/DirectMembersPage'));
const ReferralTreePage = lazy(() => import('../pages/member/ReferralTreePage'));
const SubscriptionPage = lazy(() => import('../pages/member/SubscriptionPage'));
const MemberTopupPage = lazy(() => import('../pages/member/TopupPage'));
const WithdrawalPage = lazy(() => import('../pages/member/WithdrawalPage'));
const TransactionsPage = lazy(() => import('../pages/member/TransactionsPage'));
const RoiInvestPage = lazy(() => import('../pages/member/RoiInvestPage'));
const SourceTransactionsPage = lazy(() => import('../pages/member/SourceTransactionsPage'));
const WatchAndEarnPage = lazy(() => import('../pages/member/WatchAndEarnPage'));
const RewardsPage = lazy(() => import('../pages/member/RewardsPage'));
const QueriesPage = lazy(() => import('../pages/member/QueriesPage'));
const QueryDetailPage = lazy(() => import('../pages/member/QueryDetailPage'));
const QueryCreatePage = lazy(() => import('../pages/member/QueryCreatePage'));
const MemberTokenPage = lazy(() => import('../pages/member/TokenPage'));

/** The route table of spec 2.1. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/admin-login', element: <AdminLoginPage /> },
          { path: '/registration', element: <RegistrationPage /> },
          { path: '/unauthorized', element: <UnauthorizedPage /> },
          // Added: account recovery (spec 7.6 /pass/forget and /pass/reset); the reset e-mail links here.
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireRole allow="admin" />,
        children: [
          {
            element: <AdminShell />,
            children: [
              { path: '/admin/dashboard', element: <AdminDashboardPage /> },
              { path: '/admin/plans', element: <AdminPlansPage /> },
              { path: '/admin/users', element: <AdminUsersPage /> },
              { path: '/admin/tickets', element: <AdminTicketsPage /> },
              { path: '/admin/ticket/:ticketId', element: <AdminTicketPage /> },
              { path: '/admin/reports', element: <AdminReportsPage /> },
              { path: '/admin/income', element: <AdminIncomePage /> },
              { path: '/admin/web3', element: <AdminWeb3Page /> },
              { path: '/admin/settings', element: <AdminSettingsPage /> },
              { path: '/admin/token', element: <AdminTokenPage /> },
              { path: '/admin/sgx-transactions', element: <AdminSgxTransactionsPage /> },
              { path: '/admin/withdrawals', element: <AdminWithdrawalsPage /> },
              { path: '/admin/roi-request', element: <AdminRoiRequestPage /> },
              { path: '/admin/deposits', element: <AdminDepositsPage /> },
              { path: '/admin/topup', element: <AdminTopupPage /> },
              { path: '/admin/reward-plans', element: <AdminRewardPlansPage /> },
              { path: '/admin/reward-transactions', element: <AdminRewardTransactionsPage /> },
              { path: '/admin/check/profile/:id', element: <AdminUserDetailPage /> },
              { path: '/admin/video-manager', element: <AdminVideoManagerPage /> },
              { path: '/admin/notifications', element: <AdminNotificationCreatePage /> },
              { path: '/admin/notification/list', element: <AdminNotificationListPage /> },
              // Added: one-time codes (business-rules 6) have no screen in the spec's route table.
              { path: '/admin/codes', element: <AdminCodesPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireRole allow="user" />,
        children: [
          {
            // Site popups (GET /notifications/home) show once, as a window, wherever a member is.
            element: (
              <>
                <MemberShell />
                <SitePopup />
              </>
            ),
            children: [
              { path: '/user/profile/:id', element: <ProfilePage /> },
              { path: '/user/dashboard', element: <MemberDashboardPage /> },
              { path: '/user/web3-deposit', element: <Web3DepositPage /> },
              { path: '/user/notifications', element: <NotificationsPage /> },
              { path: '/user/deposit-history', element: <DepositHistoryPage /> },
              { path: '/user/income', element: <MemberIncomePage /> },
              { path: '/user/direct-members', element: <DirectMembersPage /> },
              { path: '/user/refferral-tree', element: <ReferralTreePage /> },
              { path: '/user/subscription', element: <SubscriptionPage /> },
              { path: '/user/topup', element: <MemberTopupPage /> },
              { path: '/user/withdrawal', element: <WithdrawalPage /> },
              { path: '/user/transaction/:table_name/:fit', element: <TransactionsPage /> },
              { path: '/user/transaction/:table_name', element: <TransactionsPage /> },
              { path: '/user/transaction/roi_transaction/invest', element: <RoiInvestPage /> },
              { path: '/transactions/:source', element: <SourceTransactionsPage /> },
              { path: '/watch/adds', element: <WatchAndEarnPage /> },
              { path: '/user/rewards', element: <RewardsPage /> },
              { path: '/user/queries', element: <QueriesPage /> },
              { path: '/user/queries/:ticketId', element: <QueryDetailPage /> },
              { path: '/user/query/create', element: <QueryCreatePage /> },
              // Added: the token screen for members (issue 5), without Update Price.
              { path: '/user/token', element: <MemberTokenPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
