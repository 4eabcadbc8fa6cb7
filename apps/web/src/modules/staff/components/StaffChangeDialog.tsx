import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { StaffMember } from '@sgx/contracts';
import type { StaffRoleName } from '@sgx/contracts/staff-grants';
import { type FormEvent, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { OneTimeCodeInput } from '../../auth/components/OneTimeCodeInput';
import { useChangeStaff } from '../api/staffApi';
import { STAFF_NS } from '../i18n';
import { RolesField } from './RolesField';

export type ChangeKind = 'roles' | 'suspend' | 'restore';

/**
 * One change of a staff account, confirmed with the owner's authenticator code: new roles (with an optional
 * reason), a suspension (with the reason), or a restore. The server keeps the last owner (decision 0042).
 */
export function StaffChangeDialog({
  member,
  kind,
  onClose,
}: {
  member: StaffMember;
  kind: ChangeKind;
  onClose: () => void;
}) {
  const { t } = useT(STAFF_NS);
  const change = useChangeStaff();
  const [roles, setRoles] = useState<StaffRoleName[]>(member.roles);
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [rolesError, setRolesError] = useState<string | undefined>();
  const title = t(`change.${kind}Title`, { name: member.fullname });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (kind === 'roles' && roles.length === 0) {
      setRolesError(t('roles.required'));
      return;
    }
    const body =
      kind === 'roles'
        ? { kind, id: member.id, roles, code, reason }
        : kind === 'suspend'
          ? { kind, id: member.id, code, reason }
          : { kind, id: member.id, code };
    change.mutate(body, { onSuccess: onClose, onSettled: () => setCode('') });
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} aria-label={title}>
        <Stack gap="sm">
          <Text size="sm">{t(`change.${kind}Text`, { name: member.fullname, email: member.email })}</Text>
          {change.isError && <ApiErrorAlert error={change.error} />}
          {kind === 'roles' && <RolesField value={roles} onChange={setRoles} error={rolesError} />}
          {kind !== 'restore' && (
            <Textarea
              label={kind === 'suspend' ? t('change.reasonRequired') : t('change.reason')}
              required={kind === 'suspend'}
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          )}
          <OneTimeCodeInput value={code} onChange={setCode} required />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('change.cancel')}
            </Button>
            <Button type="submit" color={kind === 'suspend' ? 'red' : undefined} loading={change.isPending}>
              {t(`change.${kind}Confirm`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
