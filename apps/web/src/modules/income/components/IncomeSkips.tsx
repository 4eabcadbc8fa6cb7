import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IncomeSkipsResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { Spinner } from '../../../ui/Spinner';
import { sourceLabel } from '../../transactions/components/explain';
import { INCOME_NS } from '../i18n';

/** Income that was due but not paid, each with the reason (cap reached, blocked, closed, level locked). */
export function IncomeSkips({ userId }: { userId: number }) {
  const { t } = useT(INCOME_NS);
  const skips = useQuery({
    queryKey: ['money', 'income-skips', userId],
    queryFn: ({ signal }) => apiRequest(`/tr/skips/${userId}`, { schema: IncomeSkipsResponse, signal }),
  });
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Title order={4}>{t('skips.title')}</Title>
        {skips.isPending && <Spinner loading />}
        {skips.isError && (
          <LoadError title={t('skips.loadError')} error={skips.error} onRetry={() => void skips.refetch()} />
        )}
        {skips.data && skips.data.skips.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('skips.none')}
          </Text>
        )}
        {skips.data?.skips.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {sourceLabel(s.income_type)}: {s.reason}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(s.created_at)}
              </Text>
            </Stack>
            <Money value={s.amount} size="sm" />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
