import { useSession } from '../../modules/auth/hooks/useSession';
import { useQueueCounts } from '../../modules/notifications/api/notificationsApi';
import { adminHome, adminNavigation } from '../navigation';
import { RoleShell } from './RoleShell';

export function AdminShell() {
  const session = useSession();
  const queues = useQueueCounts(session !== null).data;
  const badges = queues && {
    '/admin/deposits': { count: queues.deposits, label: `${queues.deposits} pending deposits` },
    '/admin/withdrawals': { count: queues.withdrawals, label: `${queues.withdrawals} pending withdrawals` },
    '/admin/tickets': { count: queues.tickets, label: `${queues.tickets} open tickets` },
    '/admin/approvals': {
      count: queues.approvals,
      label: `${queues.approvals} actions waiting for a second admin`,
    },
  };
  return (
    <RoleShell
      sections={adminNavigation}
      home={adminHome}
      signInPath="/admin-login"
      areaLabel="Back-office"
      badges={badges}
    />
  );
}
