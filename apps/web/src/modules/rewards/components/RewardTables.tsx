import { Badge, Button, VisuallyHidden } from '@mantine/core';
import type { BonusRecord, LeadershipRecord, MemberReward, RewardPlan } from '@sgx/contracts';
import type { z } from 'zod';
import { formatDate, formatDateTime } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';

type Plan = z.infer<typeof RewardPlan>;
type History = Omit<z.infer<typeof MemberReward>, 'legs'>;
type Leader = z.infer<typeof LeadershipRecord>;
type Bonus = z.infer<typeof BonusRecord>;

export function RanksTable({ plans, currentId }: { plans: readonly Plan[]; currentId: number | null }) {
  const columns: ResponsiveColumn<Plan>[] = [
    { key: 'rank', header: 'Rank', nowrap: true, render: (p) => p.rank },
    {
      key: 'title',
      header: 'Title',
      render: (p) => (
        <>
          {p.title}{' '}
          {p.id === currentId && (
            <Badge size="xs" variant="light">
              current
            </Badge>
          )}
        </>
      ),
    },
    { key: 'threshold', header: 'Team business', nowrap: true, render: (p) => <Money value={p.threshold} /> },
    { key: 'days', header: 'Window', nowrap: true, render: (p) => `${p.duration_days} days` },
    { key: 'reward', header: 'Reward', nowrap: true, render: (p) => <Money value={p.reward} /> },
    { key: 'desc', header: 'Description', wide: true, render: (p) => p.description || '-' },
  ];
  return (
    <ResponsiveTable rows={plans} columns={columns} rowKey={(p) => p.id} emptyText="No reward ranks yet." />
  );
}

export function HistoryTable({ rows }: { rows: readonly History[] }) {
  const columns: ResponsiveColumn<History>[] = [
    { key: 'rank', header: 'Rank', nowrap: true, render: (r) => `${r.plan.rank}. ${r.plan.title}` },
    {
      key: 'window',
      header: 'Window',
      nowrap: true,
      render: (r) => `${formatDate(r.window_start)} to ${formatDate(r.window_end)}`,
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (r) => <Badge variant="light">{r.status}</Badge>,
    },
    { key: 'counted', header: 'Counted', nowrap: true, render: (r) => <Money value={r.counted} /> },
    { key: 'paid', header: 'Paid', nowrap: true, render: (r) => <Money value={r.paid} /> },
    { key: 'when', header: 'Claimed', nowrap: true, render: (r) => formatDateTime(r.claimed_at) },
  ];
  return <ResponsiveTable rows={rows} columns={columns} rowKey={(r) => r.id} emptyText="No earlier ranks." />;
}

export function LeadershipTable({
  rows,
  onRevoke,
}: {
  rows: readonly Leader[];
  onRevoke?: (row: Leader) => void;
}) {
  const columns: ResponsiveColumn<Leader>[] = [
    {
      key: 'member',
      header: 'Member',
      render: (r) => (
        // Only the admin's table (the one that revokes) links to the admin's page of the member.
        <MemberName
          name={r.fullname}
          username={r.username}
          id={r.user_id}
          to={onRevoke ? profilePath(r.user_id) : undefined}
        />
      ),
    },
    { key: 'rank', header: 'Rank', nowrap: true, render: (r) => `${r.rank}. ${r.title}` },
    {
      key: 'achieved',
      header: 'Achieved',
      nowrap: true,
      priority: 2,
      render: (r) => formatDateTime(r.achieved_at),
    },
    {
      key: 'state',
      header: 'State',
      nowrap: true,
      priority: 2,
      render: (r) =>
        r.revoked_at === null ? (
          <Badge color="teal" variant="light">
            held
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            revoked {formatDate(r.revoked_at)}
          </Badge>
        ),
    },
    ...(onRevoke
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            stickyEnd: true,
            render: (r: Leader) =>
              r.revoked_at === null ? (
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  onClick={() => onRevoke(r)}
                  aria-label={`Revoke leadership ${r.id}`}
                >
                  Revoke
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText="No leadership records yet."
      rowLabel={(r) => `leadership ${r.id}`}
    />
  );
}

export function BonusTable({
  rows,
  busy,
  onClaim,
}: {
  rows: readonly Bonus[];
  busy: string | null;
  onClaim: (b: Bonus) => void;
}) {
  const columns: ResponsiveColumn<Bonus>[] = [
    { key: 'type', header: 'Bonus', nowrap: true, render: (b) => b.bonus_type },
    { key: 'amount', header: 'Amount', nowrap: true, render: (b) => <Money value={b.amount} /> },
    {
      key: 'claim',
      header: '',
      stickyEnd: true,
      render: (b) =>
        b.claimed_today ? (
          <Badge variant="light" color="gray">
            claimed today
          </Badge>
        ) : (
          <Button
            size="compact-sm"
            onClick={() => onClaim(b)}
            loading={busy === b.bonus_type}
            disabled={busy !== null}
            aria-label={`Claim ${b.bonus_type}`}
          >
            Claim
          </Button>
        ),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows.filter((b) => b.active)}
      columns={columns}
      rowKey={(b) => b.id}
      emptyText="No daily bonuses are offered right now."
    />
  );
}
