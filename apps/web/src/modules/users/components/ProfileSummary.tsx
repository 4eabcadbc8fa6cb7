import { ActionIcon, Card, CopyButton, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatDateTime, orDash } from '../../../ui/format';
import { formatMoney, isPositiveAmount } from '../../../ui/Money';
import { usePhoneText } from '../../../ui/phone';
import { ADMIN_USERS_NS } from '../i18n';
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
  const { t } = useT(ADMIN_USERS_NS);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('summary.copied') : t('summary.copy', { what: label })}>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={copy}
              aria-label={t('summary.copy', { what: label })}
            >
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
  const { t } = useT(ADMIN_USERS_NS);
  const link = `${window.location.origin}/registration?ref=${encodeURIComponent(user.refferal_code)}`;
  const phone = usePhoneText(user.phone);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="lg" mb="md">
        {t('summary.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Item label={t('summary.username')}>{user.username}</Item>
        <Item label={t('summary.email')}>{user.email}</Item>
        <Item label={t('summary.phone')}>{orDash(phone)}</Item>
        <Item label={t('summary.status')}>
          <Group gap={6}>
            <StatusBadge status={user.status} />
            <ActiveBadge value={user.is_active} />
          </Group>
        </Item>
        <Item label={t('summary.code')}>
          <Copyable value={user.refferal_code} label={t('summary.codeName')} />
        </Item>
        <Item label={t('summary.link')}>
          <Copyable value={link} label={t('summary.linkName')} />
        </Item>
        <Item label={t('summary.sponsor')}>{orDash(user.reffer_by)}</Item>
        <Item label={t('summary.plan')}>
          {isPositiveAmount(user.active_plan) ? formatMoney(user.active_plan) : t('summary.noPlan')}
        </Item>
        <Item label={t('summary.since')}>{formatDateTime(user.created_at)}</Item>
        <Item label={t('summary.lastSignIn')}>{formatDateTime(user.last_login)}</Item>
      </SimpleGrid>
    </Card>
  );
}
