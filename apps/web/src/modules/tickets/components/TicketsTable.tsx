import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';
import { categoryLabel, type TicketRow } from '../api/ticketsApi';
import { TICKETS_NS } from '../i18n';
import { TicketStatusBadge } from './TicketStatusBadge';

interface TicketsTableProps {
  rows: readonly TicketRow[];
  /** Where a ticket opens: /user/queries/{id} or /admin/ticket/{id}. */
  linkTo: (ticket: TicketRow) => string;
  showMember?: boolean;
  emptyText: string;
}

export function TicketsTable({ rows, linkTo, showMember = false, emptyText }: TicketsTableProps) {
  const { t: tx } = useT(TICKETS_NS);
  const columns: ResponsiveColumn<TicketRow>[] = [
    {
      key: 'ticket',
      header: tx('table.ticket'),
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
      header: tx('table.subject'),
      wide: true,
      render: (t) => (
        <Anchor component={Link} to={linkTo(t)} size="sm" c="inherit">
          {t.subject}
        </Anchor>
      ),
    },
    ...(showMember
      ? [
          {
            key: 'member',
            header: tx('table.member'),
            render: (t: TicketRow) => (
              <MemberName
                name={t.fullname}
                username={t.username}
                id={t.user_id}
                to={profilePath(t.user_id)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'category',
      header: tx('table.category'),
      nowrap: true,
      priority: 3,
      render: (t) => categoryLabel(t.category),
    },
    {
      key: 'status',
      header: tx('table.status'),
      nowrap: true,
      priority: 2,
      render: (t) => <TicketStatusBadge status={t.status} />,
    },
    {
      key: 'updated',
      header: tx('table.lastActivity'),
      nowrap: true,
      priority: 2,
      render: (t) => formatDateTime(t.updated_at),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(t) => t.id}
      emptyText={emptyText}
      rowLabel={(t) => tx('table.rowLabel', { id: t.ticket_id })}
      heading={(t) => (
        <Anchor component={Link} to={linkTo(t)} ff="monospace" size="sm" fw={600}>
          {t.ticket_id}
        </Anchor>
      )}
    />
  );
}
