import { Badge } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';

export function StatusBadge({ status }: { status: UserRecord['status'] }) {
  return (
    <Badge color={status === 'block' ? 'red' : 'teal'} variant="light">
      {status}
    </Badge>
  );
}

export function ActiveBadge({ value }: { value: UserRecord['is_active'] }) {
  return (
    <Badge color={value === 'active' ? 'indigo' : 'gray'} variant="light">
      {value}
    </Badge>
  );
}
