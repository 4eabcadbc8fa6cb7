import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { formatDate, formatDateTime } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { sourceLabel } from '../../transactions/components/explain';
import { usePendingIncome } from '../api/pendingIncomeApi';
import { INCOME_NS } from '../i18n';

/**
 * Income earned and held before it is paid into its wallet (decision 0076): the total and each held income with
 * the day it is paid, or "held for review" while compliance looks at it. Drawn only when something is pending.
 */
export function PendingIncomeCard() {
  const { t } = useT(INCOME_NS);
  const pending = usePendingIncome();
  if (!pending.data || pending.data.holds.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="pending-income">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>{t('pending.title')}</Title>
          <Money value={pending.data.total} fw={700} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('pending.description')}
        </Text>
        {pending.data.holds.map((h) => (
          <Group
            key={h.id}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            data-testid="pending-income-row"
          >
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {sourceLabel(h.income_type)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('pending.earned', { date: formatDateTime(h.earned_at) })}
              </Text>
              {h.release_at === null ? (
                <Badge color="orange" variant="light" size="sm">
                  {t('pending.review')}
                </Badge>
              ) : (
                <Text size="xs">{t('pending.releaseOn', { date: formatDate(h.release_at) })}</Text>
              )}
            </Stack>
            <Money value={h.amount} size="sm" />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export default PendingIncomeCard;
