import { Alert, Anchor, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../app/apiError';

export { isApprovalPending } from '../app/apiError';

/**
 * An admin action that now waits for a second admin (the API's 202): said in the API's words, with the way to
 * the approvals. Shown instead of a success; nothing on screen is changed by it.
 */
export function ApprovalPendingAlert({ pending }: { pending: unknown }) {
  return (
    <Alert
      color="blue"
      icon={<IconHourglass size={18} />}
      title="Not done yet"
      role="status"
      data-testid="approval-pending"
    >
      <Text size="sm">{errorMessage(pending)}</Text>
      <Text size="sm" mt={4}>
        Another admin approves or rejects it on{' '}
        <Anchor component={Link} to="/admin/approvals" size="sm">
          Approvals
        </Anchor>
        ; until then nothing changes.
      </Text>
    </Alert>
  );
}
