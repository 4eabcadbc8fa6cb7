import { List, Text } from '@mantine/core';
import type { ApprovalRecord } from '@sgx/contracts';

/** What the action changes, one line a value: "Working withdrawal fee: 10 → 12". */
export function ApprovalChanges({ changes }: { changes: ApprovalRecord['changes'] }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        -
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} listStyleType="none" data-testid="approval-changes">
      {changes.map((c) => (
        <List.Item key={c.field}>
          <Text span size="sm" fw={600}>
            {c.field}
          </Text>
          :{' '}
          <Text span size="sm" c="dimmed" ff="monospace">
            {c.before}
          </Text>{' '}
          →{' '}
          <Text span size="sm" ff="monospace">
            {c.after}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
