import { Badge } from '@mantine/core';
import { statusLabel, type TicketState } from '../api/ticketsApi';

const colors: Record<TicketState, string> = {
  open: 'blue',
  'in-progress': 'yellow',
  resolved: 'teal',
  closed: 'gray',
};

export function TicketStatusBadge({ status }: { status: TicketState }) {
  return (
    <Badge
      color={colors[status]}
      variant="light"
      style={{ minWidth: 'max-content' }}
      data-testid="ticket-status"
    >
      {statusLabel(status)}
    </Badge>
  );
}
