import { SimpleGrid } from '@mantine/core';
import type { SolvencyHealth } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { SectionCard } from '../../../ui/SectionCard';
import { SOLVENCY_NS } from '../i18n';
import { ratioDecimal, ratioPercent } from '../solvencyMath';
import { Figure, NoFigure } from './Figure';

/** The plan's health figures, each with its definition on screen. */
export function HealthCard({ health }: { health: SolvencyHealth }) {
  const { t } = useT(SOLVENCY_NS);
  const none = <NoFigure dash={t('page.dash')} reason={t('page.notEnoughHistory')} />;
  const figures = [
    {
      key: 'paid-rate',
      label: t('health.paidRate'),
      help: t('health.paidRateHelp'),
      value: ratioPercent(health.paid_rate),
    },
    {
      key: 'new-money',
      label: t('health.newMoney'),
      help: t('health.newMoneyHelp'),
      value: ratioPercent(health.new_money_dependence),
    },
    {
      key: 'recruitment',
      label: t('health.recruitment'),
      help: t('health.recruitmentHelp'),
      value: ratioPercent(health.recruitment_share),
    },
    { key: 'gini', label: t('health.gini'), help: t('health.giniHelp'), value: ratioDecimal(health.gini) },
    {
      key: 'under-water',
      label: t('health.underWater'),
      help: t('health.underWaterHelp'),
      value: ratioPercent(health.under_water_share),
    },
  ];
  return (
    <SectionCard title={t('health.title')} description={t('health.description')} testId="solvency-health">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {figures.map((f) => (
          <Figure key={f.key} label={f.label} help={f.help} testId={`solvency-health-${f.key}`}>
            {f.value ?? none}
          </Figure>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
