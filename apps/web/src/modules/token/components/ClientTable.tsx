import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatNumber } from '../../../ui/format';
import { TOKEN_NS } from '../i18n';

/** Spec 2.10 and 9: the dashboard pages its rows on the client, 10 to a page. */
export const ROWS_PER_PAGE = 10;

interface ClientTableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Every field of a row as text (raw and as shown), for the free-text search. */
  searchText: (row: Row) => string;
  /** Accessible name of the table's search box, and of its pager. */
  label: string;
  emptyText: string;
  /** Controls shown beside the search box (filters, refresh). */
  toolbar?: ReactNode;
  minWidth?: number;
}

/** A table searched and paged on the client: free text across all fields, 'Page X of Y', previous and next. */
export function ClientTable<Row>({
  rows,
  columns,
  rowKey,
  searchText,
  label,
  emptyText,
  toolbar,
  minWidth,
}: ClientTableProps<Row>) {
  const { t } = useT(TOKEN_NS);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const matching = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return rows;
    return rows.filter((r) => {
      const text = searchText(r).toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }, [rows, search, searchText]);

  const pages = Math.max(1, Math.ceil(matching.length / ROWS_PER_PAGE));
  // New data or a narrower search can leave the page past the end: show the last page instead.
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          aria-label={t('table.search', { label })}
          placeholder={t('table.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 300 }}
        />
        {toolbar}
      </Group>
      {shown.length === 0 ? (
        // Said outside the table, so a narrow screen does not scroll the message out of sight.
        <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-gray-0)">
          <Text c="dimmed" ta="center" size="sm">
            {search.trim() === '' ? emptyText : t('table.noMatch')}
          </Text>
        </Paper>
      ) : (
        <DataTable rows={shown} columns={columns} rowKey={rowKey} minWidth={minWidth} />
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {matching.length === rows.length
            ? t(rows.length === 1 ? 'table.rowsOne' : 'table.rowsOther', { count: formatNumber(rows.length) })
            : t('table.matching', {
                matching: formatNumber(matching.length),
                total: formatNumber(rows.length),
              })}
        </Text>
        <Group gap="xs" role="navigation" aria-label={t('table.pages', { label })}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconChevronLeft size={14} />}
            onClick={() => setPage(current - 1)}
            disabled={current <= 1}
          >
            {t('table.previous')}
          </Button>
          <Text size="sm" aria-live="polite">
            {t('table.page', { page: formatNumber(current), pages: formatNumber(pages) })}
          </Text>
          <Button
            size="xs"
            variant="default"
            rightSection={<IconChevronRight size={14} />}
            onClick={() => setPage(current + 1)}
            disabled={current >= pages}
          >
            {t('table.next')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
