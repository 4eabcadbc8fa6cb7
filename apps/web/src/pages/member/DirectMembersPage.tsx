import { Card, Stack, Text } from '@mantine/core';
import { useSession } from '../../modules/auth/hooks/useSession';
import { type TreeNode, useReferralList } from '../../modules/team/api/teamApi';
import { MemberBadges } from '../../modules/team/components/MemberBadges';
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

const columns: ResponsiveColumn<TreeNode>[] = [
  {
    key: 'member',
    header: 'Member',
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
  { key: 'state', header: 'Status', nowrap: true, render: (n) => <MemberBadges node={n} /> },
  { key: 'plan', header: 'Active plan', nowrap: true, render: (n) => <Money value={n.active_plan} /> },
  { key: 'invest', header: 'Invested', nowrap: true, render: (n) => <Money value={n.investment_plan} /> },
  {
    key: 'directs',
    header: 'Directs',
    nowrap: true,
    render: (n) => `${n.active_directs} active / ${n.directs}`,
  },
  { key: 'team', header: 'Team', nowrap: true, render: (n) => n.total_team },
  {
    key: 'business',
    header: 'Team business',
    nowrap: true,
    render: (n) => <Money value={n.team_business} />,
  },
  { key: 'joined', header: 'Joined', nowrap: true, render: (n) => formatDate(n.created_at) },
];

/** /user/direct-members: the members who joined with the member's code, server-paged, with search. */
export default function DirectMembersPage() {
  const code = useSession()?.account.refferal_code ?? null;
  const list = useListState({}, PAGE_SIZE);
  const rows = useReferralList(code, listQuery(list.params));
  return (
    <PageShell title="Direct Members" description="The members who joined with your referral code.">
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel="Search direct members"
          searchPlaceholder="Name or username"
          fetching={rows.isFetching && !rows.isPending}
        />
        {rows.isError && (
          <LoadError
            title="Direct members could not be loaded"
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
              columns={columns}
              rowKey={(n) => n.id}
              emptyText={list.params.search ? 'No direct members match.' : 'No direct members yet.'}
              minWidth={960}
            />
            <ListPager
              page={list.page}
              totalPages={rows.data.totalPages}
              total={rows.data.total}
              onPage={list.setPage}
              noun={['direct member', 'direct members']}
              label="Direct member pages"
            />
          </Stack>
        )}
      </Card>
    </PageShell>
  );
}
