import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatPercent, Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';

interface PlansAdminTableProps {
  plans: readonly PlanRecord[];
  onEdit: (plan: PlanRecord) => void;
  onDelete: (plan: PlanRecord) => void;
}

export function PlansAdminTable({ plans, onEdit, onDelete }: PlansAdminTableProps) {
  const columns: ResponsiveColumn<PlanRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      nowrap: true,
      render: (p) => (
        <Text fw={600} size="sm">
          {p.name}
        </Text>
      ),
    },
    {
      key: 'price',
      header: 'Price',
      nowrap: true,
      render: (p) => <Money value={p.monthly_price} fw={600} />,
    },
    { key: 'roi', header: 'Daily ROI', nowrap: true, render: (p) => formatPercent(p.ROI_day) },
    { key: 'bonus', header: 'Sponsor bonus', nowrap: true, render: (p) => formatPercent(p.Sponser_bonus) },
    { key: 'period', header: 'Period', nowrap: true, render: (p) => `${p.plan_period} days` },
    { key: 'type', header: 'Type', nowrap: true, render: (p) => p.type },
    {
      key: 'active',
      header: 'Open',
      nowrap: true,
      render: (p) => (
        <Badge
          variant="light"
          color={p.active ? 'teal' : 'gray'}
          size="sm"
          style={{ minWidth: 'max-content' }}
        >
          {p.active ? 'open' : 'closed'}
        </Badge>
      ),
    },
    { key: 'description', header: 'Description', wide: true, render: (p) => p.description || '-' },
    {
      key: 'actions',
      header: '',
      stickyEnd: true,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(p)}
              aria-label={`Delete ${p.name}`}
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
      emptyText="No plans yet."
      minWidth={900}
    />
  );
}
