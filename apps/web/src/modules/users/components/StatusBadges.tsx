import { Badge } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';

export function StatusBadge({ status }: { status: UserRecord['status'] }) {
  return (
    <Badge
      color={status === 'block' ? 'red' : 'teal'}
      variant="light"
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {status}
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
