import { Badge } from '@mantine/core';

const colors: Record<string, string> = {
  pending: 'yellow',
  complete: 'teal',
  completed: 'teal',
  decline: 'red',
  reversed: 'gray',
  active: 'teal',
  ended: 'gray',
  unused: 'indigo',
  redeemed: 'gray',
};

const labels: Record<string, string> = { decline: 'declined', complete: 'complete' };

/** A request's or record's status, coloured by meaning; an unknown value shows in a neutral style. */
export function RequestStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
      {labels[status] ?? status}
    </Badge>
  );
}
