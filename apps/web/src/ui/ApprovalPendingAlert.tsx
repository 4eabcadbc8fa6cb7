import { Alert, Anchor, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../app/apiError';
import { useT } from '../i18n/i18n';
import { RichText } from '../i18n/RichText';
import { SHELL_NS } from './i18n';

export { isApprovalPending } from '../app/apiError';

/**
 * An admin action that now waits for a second admin (the API's 202): said in the API's words, with the way to
 * the approvals. Shown instead of a success; nothing on screen is changed by it.
 */
export function ApprovalPendingAlert({ pending }: { pending: unknown }) {
  const { t } = useT(SHELL_NS);
  return (
    <Alert
      color="blue"
      icon={<IconHourglass size={18} />}
      title={t('ui.notDoneYet')}
      role="status"
      data-testid="approval-pending"
    >
      <Text size="sm">{errorMessage(pending)}</Text>
      <Text size="sm" mt={4}>
        <RichText
          text={t('ui.approvalsNote')}
          components={{ link: <Anchor component={Link} to="/admin/approvals" size="sm" /> }}
        />
      </Text>
    </Alert>
  );
}
