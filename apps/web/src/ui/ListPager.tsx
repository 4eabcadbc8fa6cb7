import { Group, Pagination, Text } from '@mantine/core';

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
        <Pagination
          total={totalPages}
          value={page}
          onChange={onPage}
          siblings={1}
          boundaries={1}
          size="sm"
          aria-label={label}
        />
      )}
    </Group>
  );
}
