import { Box, Stack, Text } from '@mantine/core';
import type { SolvencyCohort } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { formatNumber } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { SectionCard } from '../../../ui/SectionCard';
import { SOLVENCY_NS } from '../i18n';
import { cohortBars } from '../solvencyMath';

const NEGATIVE = 'var(--mantine-color-red-filled)';
const POSITIVE = 'var(--mantine-color-teal-filled)';

/**
 * The net position of each join month as a bar either side of zero (under water: red, left), scaled exactly to
 * the largest, with the amount written beside it; then the cohorts' table.
 */
export function CohortsCard({ cohorts }: { cohorts: readonly SolvencyCohort[] }) {
  const { t } = useT(SOLVENCY_NS);
  const bars = cohortBars(cohorts);
  const columns: ResponsiveColumn<SolvencyCohort>[] = [
    {
      key: 'month',
      header: t('cohorts.month'),
      render: (c) => c.join_month,
      nowrap: true,
      hideOnPhone: true,
    },
    { key: 'members', header: t('cohorts.members'), render: (c) => formatNumber(c.members) },
    {
      key: 'deposited',
      header: t('cohorts.deposited'),
      render: (c) => <Money value={c.deposited} />,
      nowrap: true,
    },
    {
      key: 'withdrawn',
      header: t('cohorts.withdrawn'),
      render: (c) => <Money value={c.withdrawn} />,
      nowrap: true,
    },
    { key: 'held', header: t('cohorts.held'), render: (c) => <Money value={c.held} />, nowrap: true },
    {
      key: 'net',
      header: t('cohorts.net'),
      render: (c) => <Money value={c.net} fw={600} c={c.net.startsWith('-') ? 'red' : undefined} />,
      nowrap: true,
    },
    { key: 'under', header: t('cohorts.underWater'), render: (c) => formatNumber(c.under_water) },
  ];
  return (
    <SectionCard title={t('cohorts.title')} description={t('cohorts.description')} testId="solvency-cohorts">
      {cohorts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cohorts.none')}
        </Text>
      ) : (
        <Stack gap="md">
          <Box
            role="img"
            aria-label={t('cohorts.barsLabel', { count: bars.length })}
            data-testid="solvency-cohort-bars"
          >
            <Stack gap={6}>
              {bars.map((b) => {
                const width = `${Math.abs(b.perMille) / 10}%`;
                return (
                  <Box
                    key={b.month}
                    data-month={b.month}
                    data-negative={b.negative || undefined}
                    style={{
                      display: 'grid',
                      gridTemplateColumns: '4.5rem minmax(0, 1fr) auto',
                      alignItems: 'center',
                      columnGap: 8,
                    }}
                  >
                    <Text size="sm" ff="monospace">
                      {b.month}
                    </Text>
                    <Box style={{ display: 'flex', height: 18 }}>
                      <Box style={{ flex: '1 1 0', display: 'flex', justifyContent: 'flex-end' }}>
                        {b.negative && (
                          <Box style={{ width, background: NEGATIVE, borderRadius: '4px 0 0 4px' }} />
                        )}
                      </Box>
                      <Box
                        style={{
                          flex: '1 1 0',
                          display: 'flex',
                          borderLeft: '1px solid var(--mantine-color-gray-6)',
                        }}
                      >
                        {!b.negative && b.perMille > 0 && (
                          <Box style={{ width, background: POSITIVE, borderRadius: '0 4px 4px 0' }} />
                        )}
                      </Box>
                    </Box>
                    <Text
                      size="sm"
                      ta="right"
                      c={b.negative ? 'red' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      <Money value={b.net} />
                    </Text>
                  </Box>
                );
              })}
            </Stack>
          </Box>
          <div data-testid="solvency-cohort-table">
            <ResponsiveTable
              rows={cohorts}
              columns={columns}
              rowKey={(c) => c.join_month}
              minWidth={720}
              heading={(c) => (
                <Text fw={700} size="sm">
                  {t('cohorts.month')}: {c.join_month}
                </Text>
              )}
              rowLabel={(c) => c.join_month}
            />
          </div>
        </Stack>
      )}
    </SectionCard>
  );
}
