import { ActionIcon, Table, Text, VisuallyHidden } from '@mantine/core';
import type { StaffAreaName } from '@sgx/contracts/staff-grants';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { useT } from '../i18n/i18n';
import { useStaffColumns } from '../modules/auth/hooks/useStaffMay';
import { SHELL_NS } from './i18n';
import { type FoldableColumn, useColumnFolding } from './useColumnFolding';

export interface Column<Row> extends FoldableColumn {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Keeps the cell on one line. */
  nowrap?: boolean;
  /** Keeps the column visible at the right edge while the table scrolls sideways (row actions). */
  stickyEnd?: boolean;
  /**
   * The column's controls change things in this back-office area: it is left out for staff whose role may
   * only read it (decision 0042; the server refuses them anyway).
   */
  writeArea?: StaffAreaName;
}

const stickyEndStyle = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.15)',
} as const;

/** A folded column keeps its cell in the row, out of the layout and of the accessibility tree. */
const foldedStyle = { display: 'none' } as const;

/** `sticky`: the table may scroll sideways (no column priorities), so the row actions stay in view. */
function cellStyle<Row>(c: Column<Row>, sticky: boolean) {
  return {
    ...(c.nowrap ? { whiteSpace: 'nowrap' as const } : {}),
    ...(c.stickyEnd && sticky ? stickyEndStyle : {}),
  };
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  emptyText?: string;
  caption?: string;
  /** Tables without column priorities: the width below which the table scrolls sideways. */
  minWidth?: number;
  /** Names the row in its details toggle ("Show details of ..."); the row key by default. */
  rowLabel?: (row: Row) => string;
}

/**
 * A plain table. Loading and paging stay with the caller.
 *
 * When any column has a `priority`, the table fits its container instead of scrolling: while it is wider
 * than the space it has, the least important columns fold (highest priority number first) into a details
 * panel each row opens with the toggle at its start. Without priorities it scrolls sideways below `minWidth`.
 */
export function DataTable<Row>({
  rows,
  columns: declared,
  rowKey,
  emptyText,
  caption,
  minWidth = 800,
  rowLabel,
}: DataTableProps<Row>) {
  const { t } = useT(SHELL_NS);
  const columns = useStaffColumns(declared);
  const foldable = columns.some((c) => c.priority !== undefined && c.priority > 1);
  const folding = useColumnFolding(columns, rows);
  const [open, setOpen] = useState<ReadonlySet<string | number>>(() => new Set());
  const folded = foldable ? columns.filter((c) => folding.isFolded(c)) : [];
  const toggles = folded.length > 0;
  const shownCount = columns.length - folded.length + (toggles ? 1 : 0);

  const toggle = (key: string | number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const table = (
    <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {toggles && (
            <Table.Th style={{ width: 1 }}>
              <VisuallyHidden>{t('ui.details')}</VisuallyHidden>
            </Table.Th>
          )}
          {columns.map((c) => (
            <Table.Th
              key={c.key}
              data-column={c.key}
              style={folded.includes(c) ? foldedStyle : { ...cellStyle(c, !foldable), whiteSpace: 'nowrap' }}
            >
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={shownCount}>
              <Text c="dimmed" ta="center" py="md">
                {emptyText ?? t('ui.nothingToShow')}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => {
            const key = rowKey(row);
            const expanded = toggles && open.has(key);
            const detailId = `row-detail-${String(key)}`;
            return (
              <Fragment key={key}>
                <Table.Tr>
                  {toggles && (
                    <Table.Td style={{ width: 1 }}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        onClick={() => toggle(key)}
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailId : undefined}
                        aria-label={t(expanded ? 'ui.hideDetails' : 'ui.showDetails', {
                          row: rowLabel?.(row) ?? t('ui.row', { key }),
                        })}
                      >
                        {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                      </ActionIcon>
                    </Table.Td>
                  )}
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={folded.includes(c) ? foldedStyle : cellStyle(c, !foldable)}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={detailId} data-row-detail>
                    <Table.Td colSpan={shownCount}>
                      <dl
                        style={{
                          display: 'grid',
                          gridTemplateColumns: 'repeat(auto-fill, minmax(min(14rem, 100%), 1fr))',
                          gap: '6px 16px',
                          margin: 0,
                        }}
                      >
                        {folded.map((c) => (
                          <div key={c.key} data-detail={c.key} style={{ minWidth: 0 }}>
                            <Text component="dt" size="xs" c="dimmed" fw={600}>
                              {c.header}
                            </Text>
                            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                              {c.render(row)}
                            </Text>
                          </div>
                        ))}
                      </dl>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })
        )}
      </Table.Tbody>
    </Table>
  );

  // Below `minWidth` the table scrolls sideways in the browser's own scroller (Mantine's ScrollContainer draws
  // its own, and brings the floating-ui library to every page with a table: decision 0046's first screen).
  // Focusable (tabIndex 0), so a keyboard can scroll it too (axe scrollable-region-focusable; decision 0055).
  const region = caption === undefined ? {} : { role: 'region', 'aria-label': caption };
  if (!foldable)
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is scrolled by keyboard too
      <div data-table-scroll style={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0} {...region}>
        <div style={{ minWidth }}>{table}</div>
      </div>
    );
  return (
    <div
      ref={folding.ref}
      data-table-scroll
      style={{ overflowX: 'auto', maxWidth: '100%' }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is scrolled by keyboard too
      tabIndex={0}
      {...region}
    >
      {table}
    </div>
  );
}
