import { ActionIcon, Card, CopyButton, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime, orDash } from '../../../ui/format';
import { formatMoney, isPositiveAmount } from '../../../ui/Money';
import { usePhoneText } from '../../../ui/phone';
import { ActiveBadge, StatusBadge } from './StatusBadges';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** The member's own account facts, with their referral code and invitation link ready to copy. */
export function ProfileSummary({ user }: { user: UserRecord }) {
  const link = `${window.location.origin}/registration?ref=${encodeURIComponent(user.refferal_code)}`;
  const phone = usePhoneText(user.phone);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="lg" mb="md">
        Account
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Item label="Username">{user.username}</Item>
        <Item label="Email">{user.email}</Item>
        <Item label="Phone">{orDash(phone)}</Item>
        <Item label="Status">
          <Group gap={6}>
            <StatusBadge status={user.status} />
            <ActiveBadge value={user.is_active} />
          </Group>
        </Item>
        <Item label="Referral code">
          <Copyable value={user.refferal_code} label="referral code" />
        </Item>
        <Item label="Invitation link">
          <Copyable value={link} label="invitation link" />
        </Item>
        <Item label="Sponsor">{orDash(user.reffer_by)}</Item>
        <Item label="Active plan">
          {isPositiveAmount(user.active_plan) ? formatMoney(user.active_plan) : 'No plan yet'}
        </Item>
        <Item label="Member since">{formatDateTime(user.created_at)}</Item>
        <Item label="Last sign-in">{formatDateTime(user.last_login)}</Item>
      </SimpleGrid>
    </Card>
  );
}
