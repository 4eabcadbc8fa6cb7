import { Badge } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import { tr, useT } from '../../../i18n/i18n';
import { ADMIN_USERS_NS } from '../i18n';

/** The word staff and members read for users.status; the API keeps 'unblock'/'block' (spec 2.3, decision 0035). */
export const statusLabel = (status: UserRecord['status']): string => tr(`${ADMIN_USERS_NS}:status.${status}`);

export function StatusBadge({ status }: { status: UserRecord['status'] }) {
  const { t } = useT(ADMIN_USERS_NS);
  return (
    <Badge
      color={status === 'block' ? 'red' : 'teal'}
      variant="light"
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

export function ActiveBadge({ value }: { value: UserRecord['is_active'] }) {
  const { t } = useT(ADMIN_USERS_NS);
  return (
    <Badge
      color={value === 'active' ? 'indigo' : 'gray'}
      variant="light"
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {t(`activeFlag.${value}`)}
    </Badge>
  );
}
