import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Keeps the cell on one line. */
  nowrap?: boolean;
  /** Keeps the column visible at the right edge while the table scrolls sideways (row actions). */
  stickyEnd?: boolean;
}

const stickyEndStyle = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.15)',
} as const;

function cellStyle<Row>(c: Column<Row>) {
  return { ...(c.nowrap ? { whiteSpace: 'nowrap' as const } : {}), ...(c.stickyEnd ? stickyEndStyle : {}) };
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  emptyText?: string;
  caption?: string;
  minWidth?: number;
}

/** A plain table that scrolls sideways on narrow screens. Loading and paging stay with the caller. */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  emptyText = 'Nothing to show.',
  caption,
  minWidth = 800,
}: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
        {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} style={{ ...cellStyle(c), whiteSpace: 'nowrap' }}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={cellStyle(c)}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
