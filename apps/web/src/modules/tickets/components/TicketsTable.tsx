import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { categoryLabel, type TicketRow } from '../api/ticketsApi';
import { TicketStatusBadge } from './TicketStatusBadge';

interface TicketsTableProps {
  rows: readonly TicketRow[];
  /** Where a ticket opens: /user/queries/{id} or /admin/ticket/{id}. */
  linkTo: (ticket: TicketRow) => string;
  showMember?: boolean;
  emptyText: string;
}

export function TicketsTable({ rows, linkTo, showMember = false, emptyText }: TicketsTableProps) {
  const columns: ResponsiveColumn<TicketRow>[] = [
    {
      key: 'ticket',
      header: 'Ticket',
      nowrap: true,
      hideOnPhone: true,
      render: (t) => (
        <Anchor component={Link} to={linkTo(t)} ff="monospace" size="sm" fw={600}>
          {t.ticket_id}
        </Anchor>
      ),
    },
    {
      key: 'subject',
      header: 'Subject',
      wide: true,
      render: (t) => (
        <Anchor component={Link} to={linkTo(t)} size="sm" c="inherit">
          {t.subject}
        </Anchor>
      ),
    },
    ...(showMember
      ? [{ key: 'member', header: 'Member', nowrap: true, render: (t: TicketRow) => t.username }]
      : []),
    { key: 'category', header: 'Category', nowrap: true, render: (t) => categoryLabel(t.category) },
    { key: 'status', header: 'Status', nowrap: true, render: (t) => <TicketStatusBadge status={t.status} /> },
    { key: 'updated', header: 'Last activity', nowrap: true, render: (t) => formatDateTime(t.updated_at) },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(t) => t.id}
      emptyText={emptyText}
      minWidth={showMember ? 820 : 680}
      heading={(t) => (
        <Anchor component={Link} to={linkTo(t)} ff="monospace" size="sm" fw={600}>
          {t.ticket_id}
        </Anchor>
      )}
    />
  );
}
