import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type ApprovalPendingError, errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { MemberAuditLink } from '../../modules/audit/components/AuditLink';
import { MemberStatementPanel } from '../../modules/statements/components/MemberStatementPanel';
import { useUser } from '../../modules/users/api/usersApi';
import { AdminUserEditForm } from '../../modules/users/components/AdminUserEditForm';
import { ActiveBadge, StatusBadge } from '../../modules/users/components/StatusBadges';
import { UserReadOnlyDetails } from '../../modules/users/components/UserReadOnlyDetails';
import { ADMIN_USERS_NS } from '../../modules/users/i18n';
import { ApprovalPendingAlert } from '../../ui/ApprovalPendingAlert';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { useTimedMessage } from '../../ui/useTimedMessage';

function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /admin/check/profile/{id}: a member's details and the admin edit form (spec 2.3). */
export default function UserDetailPage() {
  const { t } = useT(ADMIN_USERS_NS);
  const id = parseId(useParams().id);
  const user = useUser(id);
  const [message, setMessage] = useTimedMessage();
  const [error, setError] = useTimedMessage();
  // A Business Balance change kept for a second admin: said until the next save (decision 0024).
  const [waiting, setWaiting] = useState<ApprovalPendingError | null>(null);

  const back = (
    <Group gap="xs">
      {id !== null && <MemberAuditLink memberId={id} />}
      <Button component={Link} to="/admin/users" variant="default" leftSection={<IconArrowLeft size={16} />}>
        {t('detail.allUsers')}
      </Button>
    </Group>
  );

  if (id === null) {
    return (
      <PageShell title={t('detail.user')} actions={back}>
        <Alert color="red">{t('detail.invalidId')}</Alert>
      </PageShell>
    );
  }

  return (
    <PageShell
      title={user.data ? user.data.fullname : t('detail.user')}
      description={
        user.data ? (
          <Group gap="xs" component="span">
            <Text span ff="monospace">
              {user.data.username}
            </Text>
            <Text span>·</Text>
            <Anchor href={`mailto:${user.data.email}`}>{user.data.email}</Anchor>
            <StatusBadge status={user.data.status} />
            <ActiveBadge value={user.data.is_active} />
          </Group>
        ) : undefined
      }
      actions={back}
    >
      <Spinner loading={user.isPending} />
      {user.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('detail.loadError')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(user.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void user.refetch()}>
              {t('detail.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {message !== null && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid="save-message">
          {message}
        </Alert>
      )}
      {error !== null && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="save-error">
          {error}
        </Alert>
      )}
      {waiting !== null && <ApprovalPendingAlert pending={waiting} />}
      {user.data !== undefined && (
        <>
          <UserReadOnlyDetails user={user.data} />
          <MemberStatementPanel memberId={user.data.id} />
          <AdminUserEditForm
            key={user.data.updated_at}
            user={user.data}
            onSaved={(m) => {
              setError(null);
              setWaiting(null);
              setMessage(m);
            }}
            onFailed={(m) => {
              setMessage(null);
              setWaiting(null);
              setError(m);
            }}
            onWaiting={(pending) => {
              setMessage(null);
              setError(null);
              setWaiting(pending);
            }}
          />
        </>
      )}
    </PageShell>
  );
}
