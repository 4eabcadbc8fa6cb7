import { Badge } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';

/** The words staff and members read for users.status; the API keeps 'unblock'/'block' (spec 2.3, issue 22). */
export const statusLabels: Record<UserRecord['status'], string> = { unblock: 'Active', block: 'Blocked' };

export function StatusBadge({ status }: { status: UserRecord['status'] }) {
  return (
    <Badge
      color={status === 'block' ? 'red' : 'teal'}
      variant="light"
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {statusLabels[status]}
    </Badge>
  );
}

export function ActiveBadge({ value }: { value: UserRecord['is_active'] }) {
  return (
    <Badge
      color={value === 'active' ? 'indigo' : 'gray'}
      variant="light"
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {value}
    </Badge>
  );
}
