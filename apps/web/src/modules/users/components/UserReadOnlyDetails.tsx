import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import type { ReactNode } from 'react';
import { formatDateTime, orDash } from '../../../ui/format';
import { formatMoney } from '../../../ui/Money';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2} data-testid={`field-${label}`}>
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
  const fields: [string, string][] = [
    ['Last Login', formatDateTime(user.last_login)],
    ['Created At', formatDateTime(user.created_at)],
    ['Verify At', formatDateTime(user.verify_at)],
    ['Updated At', formatDateTime(user.updated_at)],
    ['Reffer By', orDash(user.reffer_by)],
    ['Activation Date', formatDateTime(user.activation_date)],
    ['Paid Member', user.paid_member ? 'Yes' : 'No'],
    ['level_month / month', formatMoney(user.level_month)],
    ['ROI/day', formatMoney(user.roi_day)],
    ['Refferal Code', orDash(user.refferal_code)],
    ['Total Team', orDash(user.total_team)],
    ['BEP20 Address', orDash(user.bep20)],
    ['TRC20 Address', orDash(user.trc20)],
  ];
  // What the blocked member reads as the reason (issue 22); staff change it in the form below.
  if (user.status === 'block') fields.push(['Block Reason', user.block_reason ?? 'None recorded']);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="lg" mb="md">
        Details
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        {fields.map(([label, value]) => (
          <Field key={label} label={label} value={value} />
        ))}
      </SimpleGrid>
    </Card>
  );
}
