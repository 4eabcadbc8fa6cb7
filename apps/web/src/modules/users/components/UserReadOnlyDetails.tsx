import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import type { ReactNode } from 'react';
import english from '../../../i18n/en/adminUsers.json';
import { useT } from '../../../i18n/i18n';
import { formatDateTime, orDash } from '../../../ui/format';
import { formatMoney } from '../../../ui/Money';
import { ADMIN_USERS_NS } from '../i18n';

type FieldKey = Exclude<keyof typeof english.details, 'title' | 'noneRecorded' | 'yes' | 'no'>;

/** The test id keeps the English label whatever the language. */
function Field({ id, label, value }: { id: FieldKey; label: string; value: ReactNode }) {
  return (
    <Stack gap={2} data-testid={`field-${english.details[id]}`}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The read-only part of the admin's member view (spec 2.3). Every empty value shows a dash. */
export function UserReadOnlyDetails({ user }: { user: UserRecord }) {
  const { t } = useT(ADMIN_USERS_NS);
  const fields: [FieldKey, string][] = [
    ['lastLogin', formatDateTime(user.last_login)],
    ['createdAt', formatDateTime(user.created_at)],
    ['verifyAt', formatDateTime(user.verify_at)],
    ['updatedAt', formatDateTime(user.updated_at)],
    ['refferBy', orDash(user.reffer_by)],
    ['activationDate', formatDateTime(user.activation_date)],
    ['paidMember', user.paid_member ? t('details.yes') : t('details.no')],
    ['levelMonth', formatMoney(user.level_month)],
    ['roiDay', formatMoney(user.roi_day)],
    ['refferalCode', orDash(user.refferal_code)],
    ['totalTeam', orDash(user.total_team)],
    ['bep20', orDash(user.bep20)],
    ['trc20', orDash(user.trc20)],
  ];
  // What the blocked member reads as the reason (decision 0035); staff change it in the form below.
  if (user.status === 'block') fields.push(['blockReason', user.block_reason ?? t('details.noneRecorded')]);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="lg" mb="md">
        {t('details.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        {fields.map(([id, value]) => (
          <Field key={id} id={id} label={t(`details.${id}`)} value={value} />
        ))}
      </SimpleGrid>
    </Card>
  );
}
