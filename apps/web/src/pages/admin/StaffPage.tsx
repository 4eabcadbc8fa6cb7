import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { useStaff } from '../../modules/staff/api/staffApi';
import { InviteStaffForm } from '../../modules/staff/components/InviteStaffForm';
import { StaffTable } from '../../modules/staff/components/StaffTable';
import { STAFF_NS } from '../../modules/staff/i18n';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /admin/staff (owners): staff accounts and their roles, open invitations, and a new invitation. */
export default function StaffPage() {
  const { t } = useT(STAFF_NS);
  const staff = useStaff();
  const selfId = useSession()?.account.id;
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <Spinner loading={staff.isPending} />
      {staff.isError && (
        <LoadError title={t('page.loadError')} error={staff.error} onRetry={() => void staff.refetch()} />
      )}
      {staff.data && (
        <Stack gap="lg">
          <StaffTable staff={staff.data.staff} selfId={selfId} />
          <Stack gap="xs">
            <Title order={3} fz="lg">
              {t('invitations.title')}
            </Title>
            {staff.data.invitations.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('invitations.none')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table aria-label={t('invitations.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('invitations.email')}</Table.Th>
                      <Table.Th>{t('invitations.roles')}</Table.Th>
                      <Table.Th>{t('invitations.expires')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {staff.data.invitations.map((i) => (
                      <Table.Tr key={i.id}>
                        <Table.Td>
                          {i.fullname} · {i.email}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {i.roles.map((r) => (
                              <Badge key={r} variant="light">
                                {t(`roles.${r}`)}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>{formatDateTime(i.expires_at)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
          <InviteStaffForm />
        </Stack>
      )}
    </PageShell>
  );
}
