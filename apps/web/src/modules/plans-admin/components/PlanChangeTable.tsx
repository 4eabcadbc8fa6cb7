import { Table } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { TableScroll } from '../../../ui/TableScroll';
import { PLANS_ADMIN_NS } from '../i18n';
import { type PlanFieldChange, planFieldLabel } from '../planChanges';

/** A plan's changes, one row a field: what it is now and what it becomes (a new plan: only what it will be). */
export function PlanChangeTable({
  changes,
  label,
  testId,
}: {
  changes: PlanFieldChange[];
  label: string;
  testId?: string;
}) {
  const { t } = useT(PLANS_ADMIN_NS);
  const withNow = changes.some((c) => c.before !== '');
  return (
    <TableScroll minWidth={260} label={label}>
      <Table striped fz="sm" verticalSpacing={6} aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('change.field')}</Table.Th>
            {withNow && <Table.Th>{t('change.now')}</Table.Th>}
            <Table.Th>{t('change.new')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={c.field} data-field={c.field}>
              <Table.Td>{planFieldLabel(c.field)}</Table.Td>
              {withNow && <Table.Td c="dimmed">{c.before}</Table.Td>}
              <Table.Td fw={600}>{c.after}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
