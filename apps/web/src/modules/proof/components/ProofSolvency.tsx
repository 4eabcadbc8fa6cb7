import { Alert, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { formatDate } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { usePublicSolvency } from '../api/proofApi';
import { PROOF_NS } from '../i18n';
import { coveragePercent, runwayKey } from '../solvencyFigures';

/** "0 days", "1 day", "A year or more", in the reader's language. */
function useRunwayText() {
  const { t } = useT(PROOF_NS);
  return (days: number) => {
    const { key, n } = runwayKey(days);
    return t(`solvency.${key}`, { n });
  };
}

function Figure({
  label,
  testId,
  children,
  note,
}: {
  label: string;
  testId: string;
  children: React.ReactNode;
  note?: React.ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" component="div" data-testid="value">
        {children}
      </Text>
      {note !== undefined && note !== null && (
        <Text size="xs" c="dimmed" component="div" data-testid="note">
          {note}
        </Text>
      )}
    </div>
  );
}

/**
 * The notice that the reserves cover fewer days of payouts with no new money than the published threshold
 * (decision 0068): plain and at the top of the page, so no reader misses it. Nothing when not past it or unknown.
 */
export function SolvencyNotice() {
  const { t } = useT(PROOF_NS);
  const runwayText = useRunwayText();
  const { data } = usePublicSolvency();
  if (data === undefined || data.day === null || !data.below_threshold) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={t('solvency.belowTitle')}
      data-testid="proof-solvency-below"
    >
      {t('solvency.below', {
        runway: runwayText(data.days_covered_stopped ?? 0),
        threshold: data.threshold_days,
      })}
    </Alert>
  );
}

/**
 * The latest solvency report's public figures beside the proof (decision 0068): coverage (reserves proven on chain /
 * what is owed), the days of payouts covered with no new money, the report's day, and what they mean. Read with a
 * query of its own: the proof above shows whether or not this loads.
 */
export function ProofSolvency() {
  const { t } = useT(PROOF_NS);
  const runwayText = useRunwayText();
  const solvency = usePublicSolvency();
  const data = solvency.data;
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={t('solvency.title')}
      data-testid="proof-solvency"
    >
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('solvency.title')}
        </Title>
        {solvency.isError && (
          <LoadError
            title={t('solvency.loadError')}
            error={solvency.error}
            onRetry={() => void solvency.refetch()}
            loadedAt={solvency.dataUpdatedAt}
          />
        )}
        {data === undefined && solvency.isPending && <Skeleton h={72} radius="md" />}
        {data !== undefined && data.day === null && (
          <Text c="dimmed" data-testid="proof-solvency-none">
            {t('solvency.none')}
          </Text>
        )}
        {data !== undefined && data.day !== null && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Figure
                label={t('solvency.coverage')}
                testId="proof-coverage"
                note={
                  data.reserves !== null && data.owed_now !== null ? (
                    <>
                      <Money value={data.reserves} /> / <Money value={data.owed_now} />
                    </>
                  ) : undefined
                }
              >
                {coveragePercent(data.coverage) ?? t('solvency.nothingOwed')}
              </Figure>
              <Figure
                label={t('solvency.runway')}
                testId="proof-runway"
                note={
                  data.first_short_day !== null
                    ? t('solvency.firstShort', { day: formatDate(data.first_short_day) })
                    : undefined
                }
              >
                {runwayText(data.days_covered_stopped ?? 0)}
              </Figure>
              <Figure label={t('solvency.day')} testId="proof-solvency-day">
                {formatDate(data.day)}
              </Figure>
            </SimpleGrid>
            {data.reserves_partial && (
              <Text size="sm" c="orange.9" fw={600} data-testid="proof-solvency-partial">
                {t('solvency.partial')}
              </Text>
            )}
            <Text size="sm" data-testid="proof-solvency-explained">
              {t('solvency.explained')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="proof-solvency-threshold">
              {t('solvency.threshold', { n: data.threshold_days })}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
