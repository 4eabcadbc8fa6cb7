import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { useAcceptInvitation, useInvitation } from '../../modules/staff/api/staffApi';
import { STAFF_NS } from '../../modules/staff/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { CenteredPage } from '../../ui/CenteredPage';
import { formatDateTime } from '../../ui/format';
import { Spinner } from '../../ui/Spinner';

/** /staff-invitation?token=...: the invited person sets a password; two-factor follows at the first sign-in. */
export default function StaffInvitationPage() {
  const { t } = useT(STAFF_NS);
  const token = useSearchParams()[0].get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMismatch(password !== confirm);
    if (password === confirm) accept.mutate({ token, password });
  };
  return (
    <CenteredPage title={t('accept.title')}>
      <Card withBorder radius="lg" padding="lg" shadow="sm" w="100%" maw={440}>
        <Stack gap="md">
          <Title order={1} fz={26}>
            {t('accept.title')}
          </Title>
          <Spinner loading={invitation.isLoading} />
          {(invitation.isError || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('accept.invalid')}>
              {invitation.isError ? errorMessage(invitation.error) : t('accept.incomplete')}
            </Alert>
          )}
          {accept.isSuccess ? (
            <Stack gap="sm">
              <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
                {serverText(accept.data.message)}
              </Alert>
              <Button component={Link} to="/admin-login">
                {t('accept.signIn')}
              </Button>
            </Stack>
          ) : (
            invitation.data && (
              <form onSubmit={submit} aria-label={t('accept.title')}>
                <Stack gap="sm">
                  <Text size="sm">
                    {t('accept.for', { name: invitation.data.fullname, email: invitation.data.email })}
                  </Text>
                  <Group gap={4}>
                    {invitation.data.roles.map((r) => (
                      <Badge key={r} variant="light">
                        {t(`roles.${r}`)}
                      </Badge>
                    ))}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('accept.expires', { time: formatDateTime(invitation.data.expires_at) })}
                  </Text>
                  {accept.isError && <ApiErrorAlert error={accept.error} />}
                  <PasswordInput
                    label={t('accept.password')}
                    autoComplete="new-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                  />
                  <PasswordInput
                    label={t('accept.confirm')}
                    autoComplete="new-password"
                    required
                    value={confirm}
                    onChange={(e) => setConfirm(e.currentTarget.value)}
                    error={mismatch ? t('accept.mismatch') : undefined}
                  />
                  <Text size="xs" c="dimmed">
                    {t('accept.next')}
                  </Text>
                  <Button type="submit" loading={accept.isPending}>
                    {t('accept.submit')}
                  </Button>
                </Stack>
              </form>
            )
          )}
        </Stack>
      </Card>
    </CenteredPage>
  );
}
