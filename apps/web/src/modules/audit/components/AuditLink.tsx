import { Button } from '@mantine/core';
import { staffMay } from '@sgx/contracts/staff-grants';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { useSession } from '../../auth/hooks/useSession';
import { AUDIT_NS } from '../i18n';

/** "Audit trail of this member": for the staff who may read the trail (owner, compliance: decision 0042). */
export function MemberAuditLink({ memberId }: { memberId: number }) {
  const { t } = useT(AUDIT_NS);
  const roles = useSession()?.account.staff_roles ?? ['owner'];
  if (!staffMay(roles, 'audit', 'read')) return null;
  return (
    <Button
      component={Link}
      to={`/admin/audit?member=${memberId}`}
      variant="default"
      leftSection={<IconHistory size={16} />}
    >
      {t('link.member')}
    </Button>
  );
}
