import { Alert, Button, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { networkError, type TokenInfo, tokenErrorMessage, usePriceHistory } from '../api/tokenApi';
import { TOKEN_NS } from '../i18n';
import { type ChartPoint, chartPoints, unitsOf } from '../tokenMath';
import { Price } from './TokenDisplay';

const PriceChart = lazy(() => import('./PriceChart'));

interface PriceChartDialogProps {
  token: TokenInfo | undefined;
  onClose: () => void;
}

/** View Chart (business-rules 9): the price history as a line chart, held at the current price until now. */
export function PriceChartDialog({ token, onClose }: PriceChartDialogProps) {
  const { t } = useT(TOKEN_NS);
  const history = usePriceHistory();
  const rows = history.data;
  const points = useMemo<ChartPoint[]>(() => {
    if (rows === undefined) return [];
    const base = chartPoints(rows);
    // The price holds from its last change until now: draw that stretch too, from the live price.
    const now = Math.floor(Date.now() / 1000);
    const current = unitsOf(token?.current_price);
    const last = base[base.length - 1];
    if (current !== null && last !== undefined && now > last.time) {
      return [...base, { time: now, value: Number(current) }];
    }
    return base;
  }, [rows, token?.current_price]);

  const stats = useMemo(() => {
    if (rows === undefined || rows.length === 0) return null;
    let low: bigint | null = null;
    let high: bigint | null = null;
    for (const r of rows) {
      const u = unitsOf(r.price);
      if (u === null) continue;
      if (low === null || u < low) low = u;
      if (high === null || u > high) high = u;
    }
    const oldest = rows[rows.length - 1];
    const newest = rows[0];
    const seconds = new Set(rows.map((r) => Math.floor(Date.parse(r.created_at) / 1000)));
    return {
      low,
      high,
      from: oldest?.created_at,
      to: newest?.created_at,
      count: rows.length,
      bunched: seconds.size < rows.length,
    };
  }, [rows]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('chart.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        {history.isPending && <Skeleton height={320} radius="md" />}
        {history.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('chart.loadError')} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{tokenErrorMessage(history.error, networkError())}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
                {t('chart.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {rows !== undefined && rows.length === 0 && (
          <Text c="dimmed">
            <RichText text={t('chart.none')} components={{ price: <Price value={token?.current_price} /> }} />
          </Text>
        )}
        {rows !== undefined && rows.length > 0 && (
          <>
            <Suspense fallback={<Skeleton height={320} radius="md" />}>
              <PriceChart points={points} />
            </Suspense>
            {stats !== null && (
              <Text size="sm" c="dimmed" data-testid="price-chart-summary">
                <RichText
                  text={t(stats.count === 1 ? 'chart.summaryOne' : 'chart.summaryOther', {
                    count: formatNumber(stats.count),
                    from: formatDateTime(stats.from),
                    to: formatDateTime(stats.to),
                  })}
                  components={{
                    low: <Price value={stats.low} />,
                    high: <Price value={stats.high} />,
                    now: <Price value={token?.current_price} />,
                  }}
                />
              </Text>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
