import { Alert, Button, Card, Stack, TextInput, Title } from '@mantine/core';
import type { StaffRoleName } from '@sgx/contracts/staff-grants';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { OneTimeCodeInput } from '../../auth/components/OneTimeCodeInput';
import { useInviteStaff } from '../api/staffApi';
import { STAFF_NS } from '../i18n';
import { RolesField } from './RolesField';

/** Invites a staff member by e-mail with roles; the owner confirms with their authenticator code. */
export function InviteStaffForm() {
  const { t } = useT(STAFF_NS);
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [fullname, setFullname] = useState('');
  const [roles, setRoles] = useState<StaffRoleName[]>([]);
  const [code, setCode] = useState('');
  const [rolesError, setRolesError] = useState<string | undefined>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (roles.length === 0) {
      setRolesError(t('roles.required'));
      return;
    }
    setRolesError(undefined);
    invite.mutate(
      { email: email.trim(), fullname: fullname.trim(), roles, code },
      {
        onSuccess: () => {
          setEmail('');
          setFullname('');
          setRoles([]);
        },
        onSettled: () => setCode(''),
      },
    );
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} aria-label={t('invite.title')}>
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('invite.title')}
          </Title>
          {invite.isSuccess && (
            <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
              {serverText(invite.data.message)}
            </Alert>
          )}
          {invite.isError && <ApiErrorAlert error={invite.error} />}
          <TextInput
            label={t('invite.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            label={t('invite.fullname')}
            required
            value={fullname}
            onChange={(e) => setFullname(e.currentTarget.value)}
          />
          <RolesField value={roles} onChange={setRoles} error={rolesError} />
          <OneTimeCodeInput value={code} onChange={setCode} required />
          <Button type="submit" loading={invite.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('invite.send')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
