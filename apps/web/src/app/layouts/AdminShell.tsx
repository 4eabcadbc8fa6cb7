import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { useQueueCounts } from '../../modules/notifications/api/notificationsApi';
import { SHELL_NS } from '../../ui/i18n';
import { adminHome, adminNavigationFor } from '../navigation';
import { RoleShell } from './RoleShell';

export function AdminShell() {
  const { t } = useT(SHELL_NS);
  const session = useSession();
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
  return (
    <RoleShell
      sections={adminNavigationFor(session?.account.staff_roles)}
      home={adminHome}
      signInPath="/admin-login"
      areaLabel={t('frame.backOffice')}
      badges={badges}
    />
  );
}
