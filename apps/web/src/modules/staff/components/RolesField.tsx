import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { type StaffRoleName, staffRoles } from '@sgx/contracts/staff-grants';
import { useT } from '../../../i18n/i18n';
import { STAFF_NS } from '../i18n';

/** The roles to give, each with what it allows (decision 0042). */
export function RolesField({
  value,
  onChange,
  error,
}: {
  value: StaffRoleName[];
  onChange: (roles: StaffRoleName[]) => void;
  error?: string | undefined;
}) {
  const { t } = useT(STAFF_NS);
  return (
    <Checkbox.Group
      label={t('roles.label')}
      value={value}
      onChange={(v) => onChange(v as StaffRoleName[])}
      error={error}
      required
    >
      <Stack gap={6} mt={6}>
        {staffRoles.map((role) => (
          <Group key={role} gap="xs" wrap="nowrap" align="flex-start">
            <Checkbox value={role} label={t(`roles.${role}`)} />
            <Text size="xs" c="dimmed" pt={2}>
              {t(`roles.${role}Hint`)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
