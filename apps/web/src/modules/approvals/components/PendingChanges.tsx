import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { ApprovalKind, ApprovalRecord } from '@sgx/contracts';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useApprovals } from '../api/approvalsApi';
import { ApprovalChanges } from './ApprovalChanges';

const pendingQuery = new URLSearchParams({ status: 'pending', limit: '100' });

/**
 * The changes of one configuration area that wait for a second admin (issue 19, decision 0029), optionally of
 * one subject (a chain): shown next to the values in force, which they do not change until approved.
 */
export function usePendingChanges(kind: ApprovalKind, subjectId?: number): ApprovalRecord[] {
  const approvals = useApprovals(pendingQuery);
  return (approvals.data?.approvals ?? []).filter(
    (a) => a.kind === kind && (subjectId === undefined || a.subject_id === subjectId),
  );
}

/** "Waiting for a second admin": each pending change, who asked, and its before → after. */
export function PendingChanges({ approvals, testId }: { approvals: ApprovalRecord[]; testId: string }) {
  if (approvals.length === 0) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHourglass size={16} />}
      title="Waiting for a second admin"
      data-testid={testId}
      p="xs"
    >
      <Stack gap={6}>
        {approvals.map((a) => (
          <Stack key={a.id} gap={2}>
            <Text size="sm">{a.summary}</Text>
            <Text size="xs" c="dimmed">
              #{a.id} · asked by {a.requested_by_username}
            </Text>
            <ApprovalChanges changes={a.changes} />
          </Stack>
        ))}
        <Text size="xs">
          Nothing changes until another admin approves it on{' '}
          <Anchor component={Link} to="/admin/approvals" size="xs">
            Approvals
          </Anchor>
          .
        </Text>
      </Stack>
    </Alert>
  );
}
