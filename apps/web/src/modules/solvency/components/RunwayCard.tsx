import { SegmentedControl, Skeleton, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SolvencyScenario, SolvencyScenarioName } from '@sgx/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatDate } from '../../../ui/format';
import { SectionCard } from '../../../ui/SectionCard';
import { SOLVENCY_NS } from '../i18n';
import { axisUsd, runwayLines, sortScenarios } from '../solvencyMath';
import type { ChartLine, ChartMarker } from './SolvencyChart';

// lightweight-charts loads with the page's first chart, not with the back-office frame.
const SolvencyChart = lazy(() => import('./SolvencyChart'));

/** How each scenario is named on screen. */
export function useScenarioLabel() {
  const { t } = useT(SOLVENCY_NS);
  return (name: SolvencyScenarioName) => t(`runway.${name}`);
}

/** Where each scenario's first short day is said in words, under the chart. */
export function FirstShortDays({ runway }: { runway: readonly SolvencyScenario[] }) {
  const { t } = useT(SOLVENCY_NS);
  const label = useScenarioLabel();
  return (
    <Stack gap={4} data-testid="solvency-short-days">
      <Text size="sm" fw={700}>
        {t('runway.firstShortTitle')}
      </Text>
      {sortScenarios(runway).map((s) => (
        <Text key={s.scenario} size="sm" data-testid={`solvency-short-${s.scenario}`}>
          {s.first_short_day === null
            ? t('runway.noShort', { label: label(s.scenario) })
            : t('runway.firstShort', {
                label: label(s.scenario),
                day: formatDate(s.first_short_day),
                days: s.days_covered,
              })}
        </Text>
      ))}
    </Stack>
  );
}

/** The runway over the next 365 days, one scenario at a time: reserves against what is owed plus principal. */
export function RunwayCard({ runway }: { runway: readonly SolvencyScenario[] }) {
  const { t } = useT(SOLVENCY_NS);
  const theme = useMantineTheme();
  const label = useScenarioLabel();
  const narrow = useMediaQuery('(max-width: 36em)');
  const scenarios = useMemo(() => sortScenarios(runway), [runway]);
  const [chosen, setChosen] = useState<SolvencyScenarioName>('stopped');
  const scenario = scenarios.find((s) => s.scenario === chosen) ?? scenarios[0];
  const reservesColor = theme.colors.teal[8];
  const owedColor = theme.colors.red[8];
  const reservesLabel = t('runway.reserves');
  const owedLabel = t('runway.owed');
  const shortLabel = t('runway.shortDay');
  const chart = useMemo(() => {
    if (scenario === undefined) return null;
    const { reserves, owed } = runwayLines(scenario);
    const lines: ChartLine[] = [
      {
        key: 'reserves',
        label: reservesLabel,
        color: reservesColor,
        points: reserves,
        scale: 'right',
        format: axisUsd,
      },
      {
        key: 'owed',
        label: owedLabel,
        color: owedColor,
        points: owed,
        scale: 'right',
        format: axisUsd,
        dashed: true,
      },
    ];
    const markers: ChartMarker[] =
      scenario.first_short_day === null
        ? []
        : // No text on the chart (at the first day it would be cut at the edge): the key names the arrow.
          [{ line: 'reserves', time: scenario.first_short_day, text: '', color: owedColor }];
    return { lines, markers };
  }, [scenario, reservesLabel, owedLabel, reservesColor, owedColor]);

  return (
    <SectionCard title={t('runway.title')} description={t('runway.description')} testId="solvency-runway">
      <Stack gap="sm">
        {scenarios.length > 1 && (
          <SegmentedControl
            aria-label={t('runway.scenario')}
            data={scenarios.map((s) => ({ value: s.scenario, label: label(s.scenario) }))}
            value={scenario?.scenario ?? chosen}
            onChange={(v) => setChosen(v as SolvencyScenarioName)}
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth
          />
        )}
        {chart !== null && scenario !== undefined && (
          <>
            <Suspense fallback={<Skeleton height={280} radius="md" />}>
              <SolvencyChart
                lines={chart.lines}
                markers={chart.markers}
                testId="solvency-runway-chart"
                label={t('runway.chartLabel', {
                  scenario: label(scenario.scenario),
                  summary:
                    scenario.first_short_day === null
                      ? t('runway.noShort', { label: label(scenario.scenario) })
                      : t('runway.firstShort', {
                          label: label(scenario.scenario),
                          day: formatDate(scenario.first_short_day),
                          days: scenario.days_covered,
                        }),
                })}
              />
            </Suspense>
            <Legend
              lines={chart.lines}
              marker={chart.markers.length > 0 ? { label: shortLabel, color: owedColor } : undefined}
            />
          </>
        )}
        <FirstShortDays runway={runway} />
      </Stack>
    </SectionCard>
  );
}

/** The chart's key: each line's colour (solid or dashed) and name, and the marked day's arrow when there is one. */
export function Legend({
  lines,
  marker,
}: {
  lines: readonly Pick<ChartLine, 'key' | 'label' | 'color' | 'dashed'>[];
  marker?: { label: string; color: string };
}) {
  return (
    <Text size="sm" component="div" style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}>
      {lines.map((l) => (
        <span key={l.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span
            aria-hidden
            style={{ width: 18, height: 0, borderTop: `3px ${l.dashed ? 'dashed' : 'solid'} ${l.color}` }}
          />
          {l.label}
        </span>
      ))}
      {marker !== undefined && (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span aria-hidden style={{ color: marker.color, lineHeight: 1 }}>
            ▼
          </span>
          {marker.label}
        </span>
      )}
    </Text>
  );
}
