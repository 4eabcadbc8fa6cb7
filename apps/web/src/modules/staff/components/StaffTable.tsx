import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { StaffMember } from '@sgx/contracts';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { STAFF_NS } from '../i18n';
import { type ChangeKind, StaffChangeDialog } from './StaffChangeDialog';

/** Staff accounts: roles, two-factor, last sign-in, newest actions, and the owner's changes. */
export function StaffTable({ staff, selfId }: { staff: readonly StaffMember[]; selfId: number | undefined }) {
  const { t } = useT(STAFF_NS);
  const [open, setOpen] = useState<{ member: StaffMember; kind: ChangeKind } | null>(null);
  const columns: Column<StaffMember>[] = [
    {
      key: 'who',
      header: t('table.who'),
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {m.fullname}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {m.email} · {m.username}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'roles',
      header: t('table.roles'),
      render: (m) => (
        <Group gap={4}>
          {m.roles.map((r) => (
            <Badge key={r} variant="light" color={r === 'owner' ? 'violet' : 'blue'}>
              {t(`roles.${r}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'state',
      header: t('table.state'),
      render: (m) => (
        <Stack gap={2}>
          <Badge color={m.suspended_at === null ? 'teal' : 'red'} variant="light">
            {m.suspended_at === null ? t('table.active') : t('table.suspended')}
          </Badge>
          <Text size="xs" c="dimmed">
            {m.two_factor_on ? t('table.twoFactorOn') : t('table.twoFactorOff')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'last',
      header: t('table.lastSignIn'),
      priority: 2,
      render: (m) => (m.last_login === null ? t('table.never') : formatDateTime(m.last_login)),
    },
    {
      key: 'actions',
      header: t('table.recent'),
      priority: 3,
      render: (m) =>
        m.recent_actions.length === 0 ? (
          t('table.none')
        ) : (
          <Stack gap={0}>
            {m.recent_actions.map((a) => (
              <Text key={a.id} size="xs" ff="monospace">
                {a.kind} · {formatDateTime(a.created_at)}
              </Text>
            ))}
          </Stack>
        ),
    },
    {
      key: 'change',
      header: t('table.change'),
      stickyEnd: true,
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setOpen({ member: m, kind: 'roles' })}>
            {t('table.changeRoles')}
          </Button>
          {m.id !== selfId &&
            (m.suspended_at === null ? (
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setOpen({ member: m, kind: 'suspend' })}
              >
                {t('table.suspend')}
              </Button>
            ) : (
              <Button size="xs" variant="light" onClick={() => setOpen({ member: m, kind: 'restore' })}>
                {t('table.restore')}
              </Button>
            ))}
        </Group>
      ),
    },
  ];
  return (
    <>
      <DataTable
        rows={staff}
        columns={columns}
        rowKey={(m) => m.id}
        caption={t('table.caption')}
        emptyText={t('table.empty')}
        rowLabel={(m) => m.fullname}
      />
      {open !== null && (
        <StaffChangeDialog member={open.member} kind={open.kind} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
