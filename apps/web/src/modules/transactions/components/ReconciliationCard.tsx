import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconRefresh, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { useReconciliation, useReconciliationRuns } from '../api/transactionsApi';
import { TRANSACTIONS_NS } from './explain';

/**
 * Admin: whether every balance equals the sum of its entries and every posting balances. The hourly check's latest
 * run is shown at once (it read only that hour's entries, decision 0086); the full check reads all history, so it
 * runs only when asked.
 */
export function ReconciliationCard() {
  const { t } = useT(TRANSACTIONS_NS);
  const runs = useReconciliationRuns();
  const latest = runs.data?.runs[0];
  const [full, setFull] = useState(false);
  const rec = useReconciliation(full);
  const data = rec.data;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="reconciliation">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <IconScale size={24} color="var(--mantine-color-indigo-6)" style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{t('reconciliation.title')}</Text>
            <Text size="xs" c="dimmed" data-testid="reconciliation-hourly">
              {runs.isPending
                ? t('reconciliation.checking')
                : latest === undefined
                  ? t('reconciliation.noRun')
                  : t('reconciliation.hourly', {
                      transactions: latest.transactions,
                      time: formatDateTime(latest.through),
                    })}
            </Text>
          </div>
          {latest !== undefined && (
            <Badge
              size="lg"
              color={latest.mismatches.length === 0 ? 'teal' : 'red'}
              data-testid="reconciliation-hourly-status"
              style={{ flexShrink: 0 }}
            >
              {latest.mismatches.length === 0 ? t('reconciliation.ok') : t('reconciliation.mismatch')}
            </Badge>
          )}
        </Group>
      </Group>
      {runs.isError && (
        <Stack mt="sm">
          <LoadError
            title={t('reconciliation.runsError')}
            error={runs.error}
            onRetry={() => void runs.refetch()}
          />
        </Stack>
      )}
      {latest !== undefined && latest.mismatches.length > 0 && (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={600} c="red">
            {t('reconciliation.hourlyFound')}
          </Text>
          <List size="sm">
            {latest.mismatches.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm" mt="md">
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t('reconciliation.full')}
          </Text>
          <Text size="xs" c="dimmed">
            {!full
              ? t('reconciliation.fullHint')
              : data === undefined
                ? t('reconciliation.checking')
                : t('reconciliation.checked', {
                    accounts: data.accounts,
                    time: formatDateTime(new Date(rec.dataUpdatedAt).toISOString()),
                  })}
          </Text>
        </div>
        <Group gap="sm" wrap="nowrap">
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
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => (full ? void rec.refetch() : setFull(true))}
            loading={rec.isFetching}
          >
            {full ? t('reconciliation.again') : t('reconciliation.checkAll')}
          </Button>
        </Group>
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
