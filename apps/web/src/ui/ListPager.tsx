import { Group, Pagination, type PaginationProps, Text } from '@mantine/core';
import { useT } from '../i18n/i18n';
import { SHELL_NS } from './i18n';

interface ListPagerProps {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
  /** What is counted, singular and plural. */
  noun: [string, string];
  label: string;
}

/** "N items" and the page buttons of a server-paged list. */
export function ListPager({ page, totalPages, total, onPage, noun, label }: ListPagerProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" data-testid="list-total">
        {total} {total === 1 ? noun[0] : noun[1]}
      </Text>
      {totalPages > 1 && (
        <Pager total={totalPages} value={page} onChange={onPage} size="sm" aria-label={label} />
      )}
    </Group>
  );
}

/**
 * Mantine's page buttons with a name for each (decision 0055: the arrows had none, axe's critical button-name):
 * "Previous page", "Next page", "Page 3". Every paged list uses this one.
 */
export function Pager(props: PaginationProps) {
  const { t } = useT(SHELL_NS);
  const names = {
    first: 'ui.pageFirst',
    previous: 'ui.pagePrevious',
    next: 'ui.pageNext',
    last: 'ui.pageLast',
  };
  return (
    <Pagination
      siblings={1}
      boundaries={1}
      getControlProps={(control) => ({ 'aria-label': t(names[control]) })}
      getItemProps={(page) => ({ 'aria-label': t('ui.pageNumber', { page }) })}
      {...props}
    />
  );
}
