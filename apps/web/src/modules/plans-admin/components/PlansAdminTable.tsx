import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { formatPercent, Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { PLANS_ADMIN_NS } from '../i18n';

interface PlansAdminTableProps {
  plans: readonly PlanRecord[];
  onEdit: (plan: PlanRecord) => void;
  onDelete: (plan: PlanRecord) => void;
}

export function PlansAdminTable({ plans, onEdit, onDelete }: PlansAdminTableProps) {
  const { t } = useT(PLANS_ADMIN_NS);
  const columns: ResponsiveColumn<PlanRecord>[] = [
    {
      key: 'name',
      header: t('table.name'),
      nowrap: true,
      render: (p) => (
        <Text fw={600} size="sm">
          {p.name}
        </Text>
      ),
    },
    {
      key: 'price',
      header: t('table.price'),
      nowrap: true,
      render: (p) => <Money value={p.monthly_price} fw={600} />,
    },
    { key: 'roi', header: t('table.roi'), nowrap: true, render: (p) => formatPercent(p.ROI_day) },
    { key: 'bonus', header: t('table.bonus'), nowrap: true, render: (p) => formatPercent(p.Sponser_bonus) },
    {
      key: 'period',
      header: t('table.period'),
      nowrap: true,
      render: (p) => t('table.days', { n: p.plan_period }),
    },
    { key: 'type', header: t('table.type'), nowrap: true, render: (p) => p.type },
    {
      key: 'active',
      header: t('table.open'),
      nowrap: true,
      render: (p) => (
        <Badge
          variant="light"
          color={p.active ? 'teal' : 'gray'}
          size="sm"
          style={{ minWidth: 'max-content' }}
        >
          {p.active ? t('table.isOpen') : t('table.isClosed')}
        </Badge>
      ),
    },
    { key: 'description', header: t('table.description'), wide: true, render: (p) => p.description || '-' },
    {
      key: 'actions',
      writeArea: 'settings',
      header: '',
      stickyEnd: true,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('table.edit')}>
            <ActionIcon
              variant="subtle"
              onClick={() => onEdit(p)}
              aria-label={t('table.editPlan', { name: p.name })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('table.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(p)}
              aria-label={t('table.deletePlan', { name: p.name })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  return (
    <ResponsiveTable
      rows={plans}
      columns={columns}
      rowKey={(p) => p.id}
      emptyText={t('table.empty')}
      minWidth={900}
    />
  );
}
