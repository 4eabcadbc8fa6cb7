import { staffMay } from '@sgx/contracts/staff-grants';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { StaffAccess, type StaffCheck } from '../../modules/auth/hooks/useStaffMay';
import { useQueueCounts } from '../../modules/notifications/api/notificationsApi';
import { StaffAlerts } from '../../modules/notifications/components/StaffAlerts';
import { SHELL_NS } from '../../ui/i18n';
import { NotInYourRole } from '../../ui/NotInYourRole';
import { adminHome, adminNavigationFor, adminPageAllowed } from '../navigation';
import { RoleShell } from './RoleShell';

export function AdminShell() {
  const { t } = useT(SHELL_NS);
  const session = useSession();
  const roles = session?.account.staff_roles;
  // What the roles grant, for every control of the back-office (decision 0042); an older session is an owner's.
  const check = useMemo<StaffCheck>(
    () => (area, grant) => staffMay(roles ?? ['owner'], area, grant),
    [roles],
  );
  const queues = useQueueCounts(session !== null).data;
  const badges = queues && {
    '/admin/deposits': { count: queues.deposits, label: t('frame.pendingDeposits', { n: queues.deposits }) },
    '/admin/withdrawals': {
      count: queues.withdrawals,
      label: t('frame.pendingWithdrawals', { n: queues.withdrawals }),
    },
    '/admin/tickets': { count: queues.tickets, label: t('frame.openTickets', { n: queues.tickets }) },
    '/admin/approvals': {
      count: queues.approvals,
      label: t('frame.waitingApprovals', { n: queues.approvals }),
    },
  };
  // A page outside the role, opened by its address: one "not in your role" state instead of its tools (decision 0054).
  const allowed = adminPageAllowed(useLocation().pathname, roles);
  return (
    <StaffAccess.Provider value={check}>
      <RoleShell
        sections={adminNavigationFor(roles)}
        home={adminHome}
        signInPath="/admin-login"
        areaLabel={t('frame.backOffice')}
        badges={badges}
        // Open staff alerts (the solvency runway below its threshold, ...): a red banner on every page until they close.
        notice={<StaffAlerts alerts={queues?.alerts} mayOpen={(path) => adminPageAllowed(path, roles)} />}
        {...(allowed ? {} : { page: <NotInYourRole /> })}
      />
    </StaffAccess.Provider>
  );
}
