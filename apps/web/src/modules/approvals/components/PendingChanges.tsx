import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { ApprovalKind, ApprovalRecord } from '@sgx/contracts';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { useApprovals } from '../api/approvalsApi';
import { APPROVALS_NS } from '../i18n';
import { ApprovalChanges } from './ApprovalChanges';

const pendingQuery = new URLSearchParams({ status: 'pending', limit: '100' });

/**
 * The changes of one configuration area that wait for a second admin (decision 0029), optionally of
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
  const { t } = useT(APPROVALS_NS);
  if (approvals.length === 0) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHourglass size={16} />}
      title={t('pending.title')}
      data-testid={testId}
      p="xs"
    >
      <Stack gap={6}>
        {approvals.map((a) => (
          <Stack key={a.id} gap={2}>
            <Text size="sm">{a.summary}</Text>
            <Text size="xs" c="dimmed">
              {t('pending.askedBy', { id: a.id, who: a.requested_by_username })}
            </Text>
            <ApprovalChanges changes={a.changes} />
          </Stack>
        ))}
        <Text size="xs">
          <RichText
            text={t('pending.until')}
            components={{ link: <Anchor component={Link} to="/admin/approvals" size="xs" /> }}
          />
        </Text>
      </Stack>
    </Alert>
  );
}
