import type { MemberPlanRecord } from '@sgx/contracts';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useT } from '../../../i18n/i18n';
import { formatDate, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RequestStatusBadge } from '../../../ui/RequestStatusBadge';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';
import { PLANS_NS } from '../i18n';

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
  const { t } = useT(PLANS_NS);
  const columns: ResponsiveColumn<HeldPlan>[] = [
    ...(showMember
      ? [
          {
            key: 'member',
            header: t('held.member'),
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
    { key: 'plan', header: t('held.plan'), nowrap: true, render: (p) => p.plan_name },
    {
      key: 'amount',
      header: t('held.amount'),
      nowrap: true,
      render: (p) => <Money value={p.amount} fw={600} />,
    },
    {
      key: 'status',
      header: t('held.status'),
      nowrap: true,
      render: (p) => <RequestStatusBadge status={p.status} />,
    },
    { key: 'started', header: t('held.started'), nowrap: true, render: (p) => formatDate(p.started_at) },
    { key: 'ends', header: t('held.ends'), nowrap: true, render: (p) => formatDate(p.ends_at) },
    { key: 'ended', header: t('held.ended'), nowrap: true, render: (p) => formatDate(p.ended_at) },
    { key: 'reason', header: t('held.reason'), wide: true, render: (p) => orDash(p.end_reason) },
    ...(actions !== undefined
      ? [
          {
            key: 'actions',
            writeArea: 'money' as const,
            header: '',
            stickyEnd: true,
            render: (p: HeldPlan) => actions(p),
          },
        ]
      : []),
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(p) => p.id}
      emptyText={emptyText ?? t('held.none')}
      minWidth={showMember ? 1000 : 800}
    />
  );
}
