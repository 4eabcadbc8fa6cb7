import { ActionIcon, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { ReferralListResponse } from '@sgx/contracts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../app/api';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { Money } from '../../../ui/Money';
import type { TreeNode } from '../api/teamApi';
import { TEAM_NS } from '../i18n';
import { MemberBadges } from './MemberBadges';

/** Children are read a page at a time, so a member with thousands of directs stays quick to open. */
const CHILD_PAGE = 50;

function useChildren(code: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['team', 'children', code],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/referral/list/${encodeURIComponent(code)}?page=${pageParam}&limit=${CHILD_PAGE}`, {
        schema: ReferralListResponse,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    enabled,
  });
}

function NodeFacts({ node }: { node: TreeNode }) {
  const { t } = useT(TEAM_NS);
  return (
    <Group gap="md" wrap="wrap" fz="xs" c="dimmed">
      <Text span inherit>
        {t('tree.plan')} <Money value={node.active_plan} c="dark" />
      </Text>
      <Text span inherit>
        {t('tree.invested')} <Money value={node.investment_plan} c="dark" />
      </Text>
      <Text span inherit>
        {t('tree.directs', { active: node.active_directs, total: node.directs })}
      </Text>
      <Text span inherit>
        {t('tree.team', { count: node.total_team })}
      </Text>
      <Text span inherit>
        {t('tree.business')} <Money value={node.team_business} c="dark" />
      </Text>
    </Group>
  );
}

/** One member of the tree; expanding it loads their directs on demand. */
export function TreeBranch({
  node,
  level,
  startOpen = false,
}: {
  node: TreeNode;
  level: number;
  startOpen?: boolean;
}) {
  const { t } = useT(TEAM_NS);
  const [open, setOpen] = useState(startOpen);
  const hasChildren = node.directs > 0;
  return (
    <Box data-testid="tree-node" data-code={node.refferal_code}>
      <Paper withBorder radius="md" p="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {hasChildren ? (
            <ActionIcon
              variant="subtle"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-label={t(open ? 'tree.collapse' : 'tree.expand', { name: node.username })}
            >
              {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
            </ActionIcon>
          ) : (
            <Box w={28} />
          )}
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {node.fullname}
              </Text>
              <Text size="xs" c="dimmed">
                {t('tree.level', { username: node.username, id: node.id, level })}
              </Text>
              <MemberBadges node={node} />
            </Group>
            <NodeFacts node={node} />
          </Stack>
        </Group>
      </Paper>
      {open && hasChildren && <Children code={node.refferal_code} level={level + 1} />}
    </Box>
  );
}

function Children({ code, level }: { code: string; level: number }) {
  const { t } = useT(TEAM_NS);
  const q = useChildren(code, true);
  const nodes = q.data?.pages.flatMap((p) => p.referralTree) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;
  return (
    <Stack
      gap={6}
      mt={6}
      pl={{ base: 8, sm: 20 }}
      ml={{ base: 6, sm: 14 }}
      style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}
    >
      {q.isPending && <Loader size="xs" />}
      {q.isError && (
        <Group gap="xs">
          <Text size="sm" c="red">
            {errorMessage(q.error)}
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => void q.refetch()}>
            {t('tree.retry')}
          </Button>
        </Group>
      )}
      {nodes.map((n) => (
        <TreeBranch key={n.id} node={n} level={level} />
      ))}
      {q.hasNextPage && (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => void q.fetchNextPage()}
          loading={q.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('tree.more', { shown: nodes.length, total })}
        </Button>
      )}
    </Stack>
  );
}
