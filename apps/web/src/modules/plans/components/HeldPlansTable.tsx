import type { MemberPlanRecord } from '@sgx/contracts';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { formatDate, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RequestStatusBadge } from '../../../ui/RequestStatusBadge';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';

export type HeldPlan = z.infer<typeof MemberPlanRecord>;

interface HeldPlansTableProps {
  rows: readonly HeldPlan[];
  showMember?: boolean;
  /** Admin: the row's actions (End plan). */
  actions?: (row: HeldPlan) => ReactNode;
  emptyText?: string;
}

/** Plans members hold (or held): amount, status, dates and why it ended. */
export function HeldPlansTable({ rows, showMember = false, actions, emptyText }: HeldPlansTableProps) {
  const columns: ResponsiveColumn<HeldPlan>[] = [
    ...(showMember
      ? [
          {
            key: 'member',
            header: 'Member',
            nowrap: true,
            render: (p: HeldPlan) => (
              <MemberName
                name={p.fullname}
                username={p.username}
                id={p.user_id}
                to={profilePath(p.user_id)}
              />
            ),
          },
        ]
      : []),
    { key: 'plan', header: 'Plan', nowrap: true, render: (p) => p.plan_name },
    { key: 'amount', header: 'Amount', nowrap: true, render: (p) => <Money value={p.amount} fw={600} /> },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (p) => <RequestStatusBadge status={p.status} />,
    },
    { key: 'started', header: 'Started', nowrap: true, render: (p) => formatDate(p.started_at) },
    { key: 'ends', header: 'Runs until', nowrap: true, render: (p) => formatDate(p.ends_at) },
    { key: 'ended', header: 'Ended', nowrap: true, render: (p) => formatDate(p.ended_at) },
    { key: 'reason', header: 'End reason', wide: true, render: (p) => orDash(p.end_reason) },
    ...(actions !== undefined
      ? [{ key: 'actions', header: '', stickyEnd: true, render: (p: HeldPlan) => actions(p) }]
      : []),
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(p) => p.id}
      emptyText={emptyText ?? 'No plans yet.'}
      minWidth={showMember ? 1000 : 800}
    />
  );
}
