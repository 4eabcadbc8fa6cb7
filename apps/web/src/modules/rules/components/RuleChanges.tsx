import { List, Text } from '@mantine/core';
import type { RuleVersionRecord } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { RULES_NS } from '../i18n';
import { ruleValue } from '../ruleText';

/** What a version changed from the one before, one line a field: "Field: from → to". */
export function RuleChanges({ version }: { version: RuleVersionRecord }) {
  const { t } = useT(RULES_NS);
  if (version.changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {version.cause === 'initial' ? t('list.firstVersion') : t('list.noChanges')}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} listStyleType="none" data-testid="rule-changes">
      {version.changes.map((c) => (
        <List.Item key={c.field} style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" fw={600}>
            {c.field}
          </Text>
          :{' '}
          <Text span size="sm" c="dimmed" ff="monospace">
            {ruleValue(c.from)}
          </Text>{' '}
          →{' '}
          <Text span size="sm" ff="monospace">
            {ruleValue(c.to)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
