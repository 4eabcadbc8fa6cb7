import { Anchor, Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { useStaffCheck, useStaffMay } from '../../auth/hooks/useStaffMay';
import { AUDIT_NS } from '../i18n';

/** "Audit trail of this member": for the staff who may read the trail (owner, compliance: decision 0042). */
export function MemberAuditLink({ memberId }: { memberId: number }) {
  const { t } = useT(AUDIT_NS);
  if (!useStaffMay('audit', 'read')) return null;
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

/**
 * A record's number in a back-office table ("#17"), linked to the record's audit entries (its decisions) for
 * the staff who may read the trail; plain text for everyone else, members included.
 */
export function RecordAuditLink({ entity, id }: { entity: 'withdrawal' | 'deposit'; id: number }) {
  const { t } = useT(AUDIT_NS);
  const check = useStaffCheck();
  if (check === null || !check('audit', 'read')) return <>#{id}</>;
  return (
    <Anchor
      component={Link}
      to={`/admin/audit?record=${entity}:${id}`}
      aria-label={t(`link.${entity}`, { id })}
      size="sm"
    >
      #{id}
    </Anchor>
  );
}
