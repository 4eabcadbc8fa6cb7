import { Button, Group } from '@mantine/core';

/** One button of a table row: `go` (complete, approve) or `stop` (decline, reject, cancel). */
export interface RowAction {
  label: string;
  /** Names the row too ("Decline deposit 12"): screen readers and tests find it by this. */
  ariaLabel: string;
  tone: 'go' | 'stop';
  onClick: () => void;
}

/**
 * The decision buttons at the end of a queue's row (withdrawals, deposits, approvals). An entry that is
 * `false` or `undefined` is left out, so a caller lists what may apply and conditions it inline.
 */
export function RowActions({ actions }: { actions: (RowAction | false | undefined)[] }) {
  return (
    <Group gap={6} wrap="nowrap">
      {actions
        .filter((a): a is RowAction => Boolean(a))
        .map((a) => (
          <Button
            key={a.ariaLabel}
            size="compact-sm"
            color={a.tone === 'go' ? 'teal' : 'red'}
            variant={a.tone === 'go' ? 'filled' : 'light'}
            onClick={a.onClick}
            aria-label={a.ariaLabel}
          >
            {a.label}
          </Button>
        ))}
    </Group>
  );
}
