import { Group, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ListToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  /** Shows a small spinner while a new page of results loads. */
  fetching?: boolean;
  /** Filters (selects, segmented controls). */
  children?: ReactNode;
  /** Right side: export and other list actions. */
  actions?: ReactNode;
}

/** Search, filters and list actions above a server-paged table; wraps on narrow screens. */
export function ListToolbar({
  search,
  onSearch,
  searchLabel,
  searchPlaceholder,
  fetching = false,
  children,
  actions,
}: ListToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="sm">
      <Group align="flex-end" wrap="wrap" gap="sm" style={{ flex: '1 1 auto' }}>
        <TextInput
          placeholder={searchPlaceholder}
          aria-label={searchLabel}
          leftSection={<IconSearch size={16} />}
          rightSection={fetching ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        {children}
      </Group>
      {actions}
    </Group>
  );
}
