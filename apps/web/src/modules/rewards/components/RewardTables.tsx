import { Badge, Button, VisuallyHidden } from '@mantine/core';
import type { BonusRecord, LeadershipRecord, MemberReward, RewardPlan } from '@sgx/contracts';
import type { z } from 'zod';
import { useT } from '../../../i18n/i18n';
import { formatDate, formatDateTime } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { profilePath } from '../../users/profilePath';
import { REWARDS_NS } from '../i18n';

type Plan = z.infer<typeof RewardPlan>;
type History = Omit<z.infer<typeof MemberReward>, 'legs'>;
type Leader = z.infer<typeof LeadershipRecord>;
type Bonus = z.infer<typeof BonusRecord>;

export function RanksTable({ plans, currentId }: { plans: readonly Plan[]; currentId: number | null }) {
  const { t } = useT(REWARDS_NS);
  const columns: ResponsiveColumn<Plan>[] = [
    { key: 'rank', header: t('table.rank'), nowrap: true, render: (p) => p.rank },
    {
      key: 'title',
      header: t('table.title'),
      render: (p) => (
        <>
          {p.title}{' '}
          {p.id === currentId && (
            <Badge size="xs" variant="light">
              {t('table.current')}
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'threshold',
      header: t('table.teamBusiness'),
      nowrap: true,
      render: (p) => <Money value={p.threshold} />,
    },
    {
      key: 'days',
      header: t('table.window'),
      nowrap: true,
      render: (p) => t('table.days', { days: p.duration_days }),
    },
    { key: 'reward', header: t('table.reward'), nowrap: true, render: (p) => <Money value={p.reward} /> },
    { key: 'desc', header: t('table.description'), wide: true, render: (p) => p.description || '-' },
  ];
  return (
    <ResponsiveTable rows={plans} columns={columns} rowKey={(p) => p.id} emptyText={t('table.noRanks')} />
  );
}

export function HistoryTable({ rows }: { rows: readonly History[] }) {
  const { t } = useT(REWARDS_NS);
  const columns: ResponsiveColumn<History>[] = [
    { key: 'rank', header: t('table.rank'), nowrap: true, render: (r) => `${r.plan.rank}. ${r.plan.title}` },
    {
      key: 'window',
      header: t('table.window'),
      nowrap: true,
      render: (r) =>
        t('table.windowRange', { from: formatDate(r.window_start), to: formatDate(r.window_end) }),
    },
    {
      key: 'status',
      header: t('table.status'),
      nowrap: true,
      render: (r) => <Badge variant="light">{t(`status.${r.status}`)}</Badge>,
    },
    { key: 'counted', header: t('table.counted'), nowrap: true, render: (r) => <Money value={r.counted} /> },
    { key: 'paid', header: t('table.paid'), nowrap: true, render: (r) => <Money value={r.paid} /> },
    { key: 'when', header: t('table.claimed'), nowrap: true, render: (r) => formatDateTime(r.claimed_at) },
  ];
  return (
    <ResponsiveTable rows={rows} columns={columns} rowKey={(r) => r.id} emptyText={t('table.noHistory')} />
  );
}

export function LeadershipTable({
  rows,
  onRevoke,
}: {
  rows: readonly Leader[];
  onRevoke?: (row: Leader) => void;
}) {
  const { t } = useT(REWARDS_NS);
  const columns: ResponsiveColumn<Leader>[] = [
    {
      key: 'member',
      header: t('table.member'),
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
    { key: 'rank', header: t('table.rank'), nowrap: true, render: (r) => `${r.rank}. ${r.title}` },
    {
      key: 'achieved',
      header: t('table.achieved'),
      nowrap: true,
      priority: 2,
      render: (r) => formatDateTime(r.achieved_at),
    },
    {
      key: 'state',
      header: t('table.state'),
      nowrap: true,
      priority: 2,
      render: (r) =>
        r.revoked_at === null ? (
          <Badge color="teal" variant="light">
            {t('table.held')}
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            {t('table.revoked', { date: formatDate(r.revoked_at) })}
          </Badge>
        ),
    },
    ...(onRevoke
      ? [
          {
            key: 'actions',
            writeArea: 'money' as const,
            header: <VisuallyHidden>{t('table.actions')}</VisuallyHidden>,
            stickyEnd: true,
            render: (r: Leader) =>
              r.revoked_at === null ? (
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  onClick={() => onRevoke(r)}
                  aria-label={t('table.revokeLabel', { id: r.id })}
                >
                  {t('table.revoke')}
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
      emptyText={t('table.noLeadership')}
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
  const { t } = useT(REWARDS_NS);
  const columns: ResponsiveColumn<Bonus>[] = [
    { key: 'type', header: t('table.bonus'), nowrap: true, render: (b) => b.bonus_type },
    { key: 'amount', header: t('table.amount'), nowrap: true, render: (b) => <Money value={b.amount} /> },
    {
      key: 'claim',
      header: '',
      stickyEnd: true,
      render: (b) =>
        b.claimed_today ? (
          <Badge variant="light" color="gray">
            {t('table.claimedToday')}
          </Badge>
        ) : (
          <Button
            size="compact-sm"
            onClick={() => onClaim(b)}
            loading={busy === b.bonus_type}
            disabled={busy !== null}
            aria-label={t('table.claimLabel', { bonus: b.bonus_type })}
          >
            {t('table.claim')}
          </Button>
        ),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows.filter((b) => b.active)}
      columns={columns}
      rowKey={(b) => b.id}
      emptyText={t('table.noBonuses')}
    />
  );
}
