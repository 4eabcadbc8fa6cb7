import { Card, Stack, Text } from '@mantine/core';
import type { TFunction } from '../../i18n/i18n';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { type TreeNode, useReferralList } from '../../modules/team/api/teamApi';
import { MemberBadges } from '../../modules/team/components/MemberBadges';
import { TEAM_NS } from '../../modules/team/i18n';
import { formatDate } from '../../ui/format';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { Money } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/ResponsiveTable';
import { Spinner } from '../../ui/Spinner';
import { listQuery, useListState } from '../../ui/useListState';

const PAGE_SIZE = 20;

const columns = (t: TFunction): ResponsiveColumn<TreeNode>[] => [
  {
    key: 'member',
    header: t('directs.member'),
    nowrap: true,
    render: (n) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {n.fullname}
        </Text>
        <Text size="xs" c="dimmed">
          {n.username} · #{n.id}
        </Text>
      </Stack>
    ),
  },
  { key: 'state', header: t('directs.status'), nowrap: true, render: (n) => <MemberBadges node={n} /> },
  { key: 'plan', header: t('directs.plan'), nowrap: true, render: (n) => <Money value={n.active_plan} /> },
  {
    key: 'invest',
    header: t('directs.invested'),
    nowrap: true,
    render: (n) => <Money value={n.investment_plan} />,
  },
  {
    key: 'directs',
    header: t('directs.directs'),
    nowrap: true,
    render: (n) => t('directs.directsCount', { active: n.active_directs, total: n.directs }),
  },
  { key: 'team', header: t('directs.team'), nowrap: true, render: (n) => n.total_team },
  {
    key: 'business',
    header: t('directs.business'),
    nowrap: true,
    render: (n) => <Money value={n.team_business} />,
  },
  { key: 'joined', header: t('directs.joined'), nowrap: true, render: (n) => formatDate(n.created_at) },
];

/** /user/direct-members: the members who joined with the member's code, server-paged, with search. */
export default function DirectMembersPage() {
  const { t } = useT(TEAM_NS);
  const code = useSession()?.account.refferal_code ?? null;
  const list = useListState({}, PAGE_SIZE);
  const rows = useReferralList(code, listQuery(list.params));
  return (
    <PageShell title={t('directs.title')} description={t('directs.description')}>
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={t('directs.search')}
          searchPlaceholder={t('directs.searchPlaceholder')}
          fetching={rows.isFetching && !rows.isPending}
        />
        {rows.isError && (
          <LoadError
            title={t('directs.loadError')}
            error={rows.error}
            onRetry={() => void rows.refetch()}
            loadedAt={rows.dataUpdatedAt}
          />
        )}
        <Spinner loading={rows.isPending && rows.fetchStatus !== 'idle'} />
        {rows.data !== undefined && (
          <Stack gap="sm">
            <ResponsiveTable
              rows={rows.data.referralTree}
              columns={columns(t)}
              rowKey={(n) => n.id}
              emptyText={list.params.search ? t('directs.noMatch') : t('directs.none')}
              minWidth={960}
            />
            <ListPager
              page={list.page}
              totalPages={rows.data.totalPages}
              total={rows.data.total}
              onPage={list.setPage}
              noun={[t('directs.one'), t('directs.other')]}
              label={t('directs.pages')}
            />
          </Stack>
        )}
      </Card>
    </PageShell>
  );
}
