import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { PreferencesCard } from '../../i18n/PreferencesCard';
import { IdentityProfileLink } from '../../modules/identity/IdentityProfileLink';
import { IdentityLimitsCard } from '../../modules/identity-limits/IdentityLimitsCard';
import { PayoutAddressesCard } from '../../modules/payouts/components/PayoutAddressesCard';
import { PrivacyProfileLink } from '../../modules/privacy/PrivacyProfileLink';
import { useUser } from '../../modules/users/api/usersApi';
import { PasswordChangeForm } from '../../modules/users/components/PasswordChangeForm';
import { PROFILE_NS, ProfileEditForm } from '../../modules/users/components/ProfileEditForm';
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
  const { t } = useT(PROFILE_NS);
  const id = parseId(useParams().id);
  const user = useUser(id);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <PageShell title={t('title')} description={t('description')}>
      {id === null && <Alert color="red">{t('invalidAddress')}</Alert>}
      <Spinner loading={id !== null && user.isPending} />
      {user.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('unavailable')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(user.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void user.refetch()}>
              {t('retry')}
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
          <IdentityProfileLink />
          <PreferencesCard />
          <IdentityLimitsCard />
          <PayoutAddressesCard onSaved={setSuccess} />
          <PasswordChangeForm userId={user.data.id} onSaved={setSuccess} onFailed={setFailure} />
          <PrivacyProfileLink />
        </>
      )}
      {success !== null && <SuccessDialog message={success} onClose={() => setSuccess(null)} />}
      {failure !== null && <ErrorDialog error={failure} onClose={() => setFailure(null)} />}
    </PageShell>
  );
}
