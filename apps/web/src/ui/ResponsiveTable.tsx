import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { useStaffColumns } from '../modules/auth/hooks/useStaffMay';
import { type Column, DataTable } from './DataTable';
import { SHELL_NS } from './i18n';

export interface ResponsiveColumn<Row> extends Column<Row> {
  /** Phone layout: the cell takes the card's full width (long text: addresses, explanations). */
  wide?: boolean;
  /** Phone layout: left out (e.g. repeated in the card's heading). */
  hideOnPhone?: boolean;
}

interface ResponsiveTableProps<Row> {
  rows: readonly Row[];
  columns: readonly ResponsiveColumn<Row>[];
  rowKey: (row: Row) => string | number;
  emptyText?: string;
  minWidth?: number;
  /** Phone layout: the card's heading line (e.g. who and how much). */
  heading?: (row: Row) => ReactNode;
  /** Wider screens: names the row in its details toggle when columns fold (see DataTable). */
  rowLabel?: (row: Row) => string;
}

/**
 * A table on wider screens (columns with a `priority` fold into the row's details when it does not fit);
 * on phones every row becomes a small card of label and value pairs, so nothing
 * needs sideways scrolling. Row actions (the sticky column) sit at the bottom of each card.
 */
export function ResponsiveTable<Row>({
  rows,
  columns: declared,
  rowKey,
  emptyText,
  minWidth,
  heading,
  rowLabel,
}: ResponsiveTableProps<Row>) {
  const { t } = useT(SHELL_NS);
  const phone = useMediaQuery('(max-width: 47.99em)');
  // The phone layout leaves out what the role may not use here; DataTable does it for wider screens.
  const columns = useStaffColumns(declared);
  if (!phone) {
    return (
      <DataTable
        rows={rows}
        columns={declared}
        rowKey={rowKey}
        emptyText={emptyText}
        minWidth={minWidth}
        rowLabel={rowLabel}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md" size="sm">
        {emptyText ?? t('ui.nothingToShow')}
      </Text>
    );
  }
  const actions = columns.filter((c) => c.stickyEnd);
  const fields = columns.filter((c) => !c.stickyEnd && !c.hideOnPhone);
  return (
    <Stack gap="xs" role="list">
      {rows.map((row) => (
        <Card key={rowKey(row)} withBorder radius="md" padding="sm" role="listitem">
          {heading !== undefined && <div style={{ marginBottom: 8 }}>{heading(row)}</div>}
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
            {fields.map((c) => (
              <div key={c.key} style={c.wide ? { gridColumn: 'span 2' } : undefined}>
                <Text size="xs" c="dimmed" fw={600}>
                  {c.header}
                </Text>
                <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
                  {c.render(row)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {actions.length > 0 && (
            <Group gap="xs" mt="xs" justify="flex-end">
              {actions.map((c) => (
                <div key={c.key}>{c.render(row)}</div>
              ))}
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
