import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconRefresh, IconScale } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { useReconciliation } from '../api/transactionsApi';
import { TRANSACTIONS_NS } from './explain';

/** Admin: whether every balance equals the sum of its entries and every posting balances. */
export function ReconciliationCard() {
  const { t } = useT(TRANSACTIONS_NS);
  const rec = useReconciliation();
  const data = rec.data;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="reconciliation">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <IconScale size={24} color="var(--mantine-color-indigo-6)" style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{t('reconciliation.title')}</Text>
            <Text size="xs" c="dimmed">
              {data === undefined
                ? t('reconciliation.checking')
                : t('reconciliation.checked', {
                    accounts: data.accounts,
                    time: formatDateTime(new Date(rec.dataUpdatedAt).toISOString()),
                  })}
            </Text>
          </div>
          {data !== undefined && (
            <Badge
              size="lg"
              color={data.ok ? 'teal' : 'red'}
              data-testid="reconciliation-status"
              style={{ flexShrink: 0 }}
            >
              {data.ok ? t('reconciliation.ok') : t('reconciliation.mismatch')}
            </Badge>
          )}
        </Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void rec.refetch()}
          loading={rec.isFetching}
        >
          {t('reconciliation.again')}
        </Button>
      </Group>
      {rec.isError && (
        <Stack mt="sm">
          <LoadError
            title={t('reconciliation.loadError')}
            error={rec.error}
            onRetry={() => void rec.refetch()}
          />
        </Stack>
      )}
      {data !== undefined && !data.ok && (
        <Stack gap={4} mt="sm">
          {data.mismatches.length > 0 && (
            <>
              <Text size="sm" fw={600} c="red">
                {t('reconciliation.balances')}
              </Text>
              <List size="sm">
                {data.mismatches.map((m) => (
                  <List.Item key={m.account_id}>
                    {t('reconciliation.account', { id: m.account_id, balance: m.balance, ledger: m.ledger })}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          {data.earned_mismatches.length > 0 && (
            <>
              <Text size="sm" fw={600} c="red">
                {t('reconciliation.earned')}
              </Text>
              <List size="sm">
                {data.earned_mismatches.map((m) => (
                  <List.Item key={m.user_id}>
                    {t('reconciliation.member', { id: m.user_id, cached: m.cached, ledger: m.ledger })}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          {data.unbalanced.length > 0 && (
            <Text size="sm" c="red">
              {t('reconciliation.unbalanced', { ids: data.unbalanced.join(', ') })}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
