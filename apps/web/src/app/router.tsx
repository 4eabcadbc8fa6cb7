import { type ComponentType, Suspense } from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, StaticRouter, useRoutes } from 'react-router';
import { Spinner } from '../ui/Spinner';
import { RequireRole, RequireSecondFactorStep } from './guards';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import { preloadableLazy, preloadElements } from './preloadable';

// The member and admin frames (menus, their icons, the sign-out, the wallet slot and the site popups) load
// with the first page of their area, not with the public pages (decision 0046). Navigations run as transitions,
// so the previous screen stays until the frame is there; opening an area's address directly shows the
// spinner meanwhile.
const adminPages = () => import('./adminPages').then((m) => m.adminPages);
const memberPages = () => import('./memberPages').then((m) => m.memberPages);
// Each frame's page table starts loading with the frame.
const AdminShell = preloadableLazy(() => {
  void adminPages();
  return import('./layouts/AdminShell').then((m) => ({ default: m.AdminShell }));
});
// The member's page table waits for an idle moment: the dashboard, the first member screen, loads by itself
// (below), so the table (5 kB of page loaders) is not part of what the dashboard needs first (decision 0046).
const whenIdle = (task: () => void) =>
  typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(task) : setTimeout(task, 200);
const MemberShell = preloadableLazy(() => {
  whenIdle(() => void memberPages());
  return import('./layouts/MemberShell').then((m) => ({ default: m.MemberShell }));
});
const areaLoading = <Spinner loading />;

// Every page is its own chunk, loaded when its route is first opened (spec 2.1), or before the first render
// when it is the page opened (preloadRoute).
const HomePage = preloadableLazy(() => import('../pages/public/HomePage'));
const PrivacyPage = preloadableLazy(() => import('../pages/public/PrivacyPage'));
const TermsPage = preloadableLazy(() => import('../pages/public/TermsPage'));
const LoginPage = preloadableLazy(() => import('../pages/public/LoginPage'));
const AdminLoginPage = preloadableLazy(() => import('../pages/public/AdminLoginPage'));
const RegistrationPage = preloadableLazy(() => import('../pages/public/RegistrationPage'));
const UnauthorizedPage = preloadableLazy(() => import('../pages/public/UnauthorizedPage'));
const ForgotPasswordPage = preloadableLazy(() => import('../pages/public/ForgotPasswordPage'));
const ResetPasswordPage = preloadableLazy(() => import('../pages/public/ResetPasswordPage'));
const StaffInvitationPage = preloadableLazy(() => import('../pages/public/StaffInvitationPage'));
// Added: the published proof of liabilities (decision 0044).
const ProofPage = preloadableLazy(() => import('../pages/public/ProofPage'));
const NotFoundPage = preloadableLazy(() => import('../pages/public/NotFoundPage'));
// The two-factor steps after the password (decision 0023).
const TwoFactorPage = preloadableLazy(() => import('../pages/public/TwoFactorPage'));
const TwoFactorSetupPage = preloadableLazy(() => import('../pages/public/TwoFactorSetupPage'));

// The member and admin pages are named here; their tables (adminPages.ts, memberPages.ts) load with the
// area's frame, so the entry does not carry the list of what each of those ~50 pages preloads (decision 0046).
type PageTable = Record<string, () => Promise<{ default: ComponentType }>>;
function pageOf<T extends PageTable>(table: () => Promise<T>, name: keyof T) {
  return preloadableLazy(() => table().then((pages) => (pages[name] as T[keyof T])()));
}
const adminPage = (name: keyof typeof import('./adminPages').adminPages) => pageOf(adminPages, name);
const memberPage = (name: keyof typeof import('./memberPages').memberPages) => pageOf(memberPages, name);

const AdminDashboardPage = adminPage('AdminDashboardPage');
const AdminPlansPage = adminPage('AdminPlansPage');
const AdminUsersPage = adminPage('AdminUsersPage');
const AdminTicketsPage = adminPage('AdminTicketsPage');
const AdminTicketPage = adminPage('AdminTicketPage');
const AdminReportsPage = adminPage('AdminReportsPage');
const AdminIncomePage = adminPage('AdminIncomePage');
const AdminWeb3Page = adminPage('AdminWeb3Page');
const AdminSettingsPage = adminPage('AdminSettingsPage');
const AdminTokenPage = adminPage('AdminTokenPage');
const AdminSgxTransactionsPage = adminPage('AdminSgxTransactionsPage');
const AdminWithdrawalsPage = adminPage('AdminWithdrawalsPage');
const AdminRoiRequestPage = adminPage('AdminRoiRequestPage');
const AdminDepositsPage = adminPage('AdminDepositsPage');
const AdminTopupPage = adminPage('AdminTopupPage');
const AdminRewardPlansPage = adminPage('AdminRewardPlansPage');
const AdminRewardTransactionsPage = adminPage('AdminRewardTransactionsPage');
const AdminUserDetailPage = adminPage('AdminUserDetailPage');
const AdminVideoManagerPage = adminPage('AdminVideoManagerPage');
const AdminNotificationCreatePage = adminPage('AdminNotificationCreatePage');
const AdminNotificationListPage = adminPage('AdminNotificationListPage');
const AdminCodesPage = adminPage('AdminCodesPage');
const AdminSecurityPage = adminPage('AdminSecurityPage');
const AdminApprovalsPage = adminPage('AdminApprovalsPage');
const AdminAuditPage = adminPage('AdminAuditPage');
const AdminStaffPage = adminPage('AdminStaffPage');
const AdminApiKeysPage = adminPage('AdminApiKeysPage');
const AdminWebhooksPage = adminPage('AdminWebhooksPage');
const AdminIdentityReviewPage = adminPage('AdminIdentityReviewPage');
const AdminIdentityLevelsPage = adminPage('AdminIdentityLevelsPage');
const AdminHeldIncomePage = adminPage('AdminHeldIncomePage');
const AdminComplianceFlagsPage = adminPage('AdminComplianceFlagsPage');
const AdminSanctionsPage = adminPage('AdminSanctionsPage');
const AdminProofPage = adminPage('AdminProofPage');
const AdminSolvencyPage = adminPage('AdminSolvencyPage');
const AdminRuleVersionsPage = adminPage('AdminRuleVersionsPage');

const ProfilePage = memberPage('ProfilePage');
const IdentityPage = memberPage('IdentityPage');
const MemberDashboardPage = preloadableLazy(() => import('../pages/member/DashboardPage'));
const Web3DepositPage = memberPage('Web3DepositPage');
const NotificationsPage = memberPage('NotificationsPage');
const DepositHistoryPage = memberPage('DepositHistoryPage');
const MemberIncomePage = memberPage('MemberIncomePage');
const DirectMembersPage = memberPage('DirectMembersPage');
const ReferralTreePage = memberPage('ReferralTreePage');
const SubscriptionPage = memberPage('SubscriptionPage');
const MemberTopupPage = memberPage('MemberTopupPage');
const WithdrawalPage = memberPage('WithdrawalPage');
const TransactionsPage = memberPage('TransactionsPage');
const RoiInvestPage = memberPage('RoiInvestPage');
const SourceTransactionsPage = memberPage('SourceTransactionsPage');
const WatchAndEarnPage = memberPage('WatchAndEarnPage');
const RewardsPage = memberPage('RewardsPage');
const QueriesPage = memberPage('QueriesPage');
const QueryDetailPage = memberPage('QueryDetailPage');
const QueryCreatePage = memberPage('QueryCreatePage');
const MemberTokenPage = memberPage('MemberTokenPage');
const SecurityPage = memberPage('SecurityPage');
const StatementsPage = memberPage('StatementsPage');
const MemberProofPage = memberPage('MemberProofPage');
const MemberPrivacyPage = memberPage('MemberPrivacyPage');

/** The route table of spec 2.1. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
          { path: '/staff-invitation', element: <StaffInvitationPage /> },
          { path: '/proof', element: <ProofPage /> },
          // Added: the second factor a session owes after its password (decision 0023), guarded by the session's state.
          {
            element: <RequireSecondFactorStep step="code" />,
            children: [{ path: '/two-factor', element: <TwoFactorPage /> }],
          },
          {
            element: <RequireSecondFactorStep step="enrol" />,
            children: [{ path: '/two-factor/setup', element: <TwoFactorSetupPage /> }],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireRole allow="admin" />,
        children: [
          {
            element: (
              <Suspense fallback={areaLoading}>
                <AdminShell />
              </Suspense>
            ),
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
              { path: '/admin/approvals', element: <AdminApprovalsPage /> },
              { path: '/admin/audit', element: <AdminAuditPage /> },
              { path: '/admin/staff', element: <AdminStaffPage /> },
              { path: '/admin/api-keys', element: <AdminApiKeysPage /> },
              { path: '/admin/webhooks', element: <AdminWebhooksPage /> },
              { path: '/admin/identity', element: <AdminIdentityReviewPage /> },
              { path: '/admin/identity-levels', element: <AdminIdentityLevelsPage /> },
              { path: '/admin/held-income', element: <AdminHeldIncomePage /> },
              { path: '/admin/compliance/flags', element: <AdminComplianceFlagsPage /> },
              { path: '/admin/sanctions', element: <AdminSanctionsPage /> },
              { path: '/admin/proof', element: <AdminProofPage /> },
              { path: '/admin/solvency', element: <AdminSolvencyPage /> },
              // Added: the versions of the economic rules (decision 0070).
              { path: '/admin/rule-versions', element: <AdminRuleVersionsPage /> },
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
              // Added: the admin's two-factor sign-in (decision 0023).
              { path: '/admin/security', element: <AdminSecurityPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireRole allow="user" />,
        children: [
          {
            // The frame shows the site popups (GET /notifications/home) once, wherever a member is.
            element: (
              <Suspense fallback={areaLoading}>
                <MemberShell />
              </Suspense>
            ),
            children: [
              { path: '/user/profile/:id', element: <ProfilePage /> },
              { path: '/user/identity', element: <IdentityPage /> },
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
              // Added: the token screen for members, without Update Price.
              { path: '/user/token', element: <MemberTokenPage /> },
              // Added: two-factor sign-in for members (decision 0023).
              { path: '/user/security', element: <SecurityPage /> },
              { path: '/user/statements', element: <StatementsPage /> },
              { path: '/user/proof', element: <MemberProofPage /> },
              { path: '/user/privacy', element: <MemberPrivacyPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the frame and page `path` opens (already downloading: the page's HTML preloads it), so that
 * the first render draws them at once, without a spinner (app/preloadable.ts).
 */
export function preloadRoute(path: string): Promise<unknown> {
  const matches = matchRoutes(routes, path) ?? [];
  return preloadElements(matches.map((m) => m.route.element));
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The router: React Router in declarative mode (BrowserRouter and the route table above). The app uses no
 * loaders, actions or fetchers, and the data router (createBrowserRouter) costs 31 kB gzip on every first
 * screen against 13.5 kB for this mode (decision 0046). Render errors are caught by AppErrorBoundary (reset by the next navigation, see RootLayout);
 * RootLayout also restores the scroll position.
 */
export function AppRouter({ location }: { location?: string | undefined }) {
  // A location given: the page drawn at build time for index.html (app/prerender.tsx), never in a browser.
  if (location !== undefined) {
    return (
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    );
  }
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
