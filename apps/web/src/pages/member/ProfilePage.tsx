import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../app/apiError';
import { PayoutAddressesCard } from '../../modules/payouts/components/PayoutAddressesCard';
import { useUser } from '../../modules/users/api/usersApi';
import { PasswordChangeForm } from '../../modules/users/components/PasswordChangeForm';
import { ProfileEditForm } from '../../modules/users/components/ProfileEditForm';
import { ProfileSummary } from '../../modules/users/components/ProfileSummary';
import { ErrorDialog } from '../../ui/ErrorDialog';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { SuccessDialog } from '../../ui/SuccessDialog';

function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /user/profile/{id}: the member's own details. Another member's id gets the server's 403 message. */
export default function ProfilePage() {
  const id = parseId(useParams().id);
  const user = useUser(id);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <PageShell title="Profile" description="Your account, payout addresses and password.">
      {id === null && <Alert color="red">This is not a valid profile address.</Alert>}
      <Spinner loading={id !== null && user.isPending} />
      {user.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Profile unavailable" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(user.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void user.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      )}
      {user.data !== undefined && (
        <>
          <ProfileSummary user={user.data} />
          <ProfileEditForm
            key={user.data.updated_at}
            user={user.data}
            onSaved={setSuccess}
            onFailed={setFailure}
          />
          <PayoutAddressesCard onSaved={setSuccess} />
          <PasswordChangeForm userId={user.data.id} onSaved={setSuccess} onFailed={setFailure} />
        </>
      )}
      {success !== null && <SuccessDialog message={success} onClose={() => setSuccess(null)} />}
      {failure !== null && <ErrorDialog error={failure} onClose={() => setFailure(null)} />}
    </PageShell>
  );
}
