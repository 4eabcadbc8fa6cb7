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

/**
 * A request's or record's status, coloured by meaning; an unknown value shows in a neutral style. `label` words
 * it differently where the page knows better (a member's withdrawal waiting for an admin is "requested").
 */
export function RequestStatusBadge({ status, label }: { status: string; label?: string | undefined }) {
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
      {label ?? labels[status] ?? status}
    </Badge>
  );
}
