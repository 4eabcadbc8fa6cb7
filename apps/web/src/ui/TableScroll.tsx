import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways below `minWidth` (Mantine's ScrollContainer), focusable so a keyboard can scroll
 * it too and named by `label` for screen readers (axe scrollable-region-focusable; decision 0055). DataTable does the
 * same for the tables it draws.
 */
export function TableScroll({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
