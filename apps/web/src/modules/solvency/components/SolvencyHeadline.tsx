import { List, SimpleGrid, Text } from '@mantine/core';
import { chainName } from '@sgx/chain/names';
import type { SolvencyReport } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { formatDate } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { SOLVENCY_NS } from '../i18n';
import { ratioPercent } from '../solvencyMath';
import { Figure, NoFigure } from './Figure';

/** The six headline figures: owed now, principal, reserves, coverage, still earnable, and the no-new-money runway. */
export function SolvencyHeadline({ report }: { report: SolvencyReport }) {
  const { t } = useT(SOLVENCY_NS);
  const coverage = ratioPercent(report.coverage);
  const stopped = report.runway.find((s) => s.scenario === 'stopped');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="solvency-headline">
      <Figure
        label={t('headline.owed')}
        testId="solvency-owed"
        help={t('headline.owedHelp')}
        extra={
          report.owed_matches_proof ? undefined : (
            <Text span inherit c="red" fw={600} data-testid="solvency-owed-mismatch">
              <RichText
                text={t('headline.owedMismatch')}
                components={{ amount: <Money value={report.proof_total} /> }}
              />
            </Text>
          )
        }
      >
        <Money value={report.owed_now} />
      </Figure>
      <Figure label={t('headline.principal')} testId="solvency-principal" help={t('headline.principalHelp')}>
        <Money value={report.principal} />
      </Figure>
      <Figure
        label={t('headline.reserves')}
        testId="solvency-reserves"
        help={t('headline.reservesHelp')}
        extra={
          report.reserves_unavailable.length === 0 ? undefined : (
            <div data-testid="solvency-reserves-partial">
              <Text span inherit c="red" fw={600}>
                {t('headline.reservesPartial')}
              </Text>
              <List size="sm" mt={2}>
                {report.reserves_unavailable.map((gap) => (
                  <List.Item key={gap.chain_id}>
                    {t('headline.reserveGap', { chain: chainName(gap.chain_id), reason: gap.reason })}
                  </List.Item>
                ))}
              </List>
            </div>
          )
        }
      >
        <Money value={report.reserves} />
      </Figure>
      <Figure label={t('headline.coverage')} testId="solvency-coverage" help={t('headline.coverageHelp')}>
        {coverage ?? <NoFigure dash={t('page.dash')} reason={t('headline.coverageNone')} />}
      </Figure>
      <Figure
        label={t('headline.earnable')}
        testId="solvency-earnable"
        help={t('headline.earnableHelp')}
        extra={
          <>
            <Text span inherit component="p" m={0}>
              <RichText
                text={t('headline.earnableSplit')}
                components={{
                  roi: <Money value={report.earnable.roi} fw={600} />,
                  referral: <Money value={report.earnable.referral} fw={600} />,
                }}
              />
            </Text>
            <Text span inherit component="p" m={0} mt={4}>
              <RichText
                text={t('headline.ctoBound')}
                components={{ amount: <Money value={report.earnable.cto_bound} fw={600} /> }}
              />
            </Text>
          </>
        }
      >
        <Money value={report.earnable.total} />
      </Figure>
      <Figure
        label={t('headline.runway')}
        testId="solvency-runway-days"
        help={t('headline.runwayHelp')}
        extra={
          stopped === undefined
            ? undefined
            : stopped.first_short_day === null
              ? t('headline.runwayNoShort')
              : t('headline.runwayShortOn', { day: formatDate(stopped.first_short_day) })
        }
      >
        {stopped === undefined
          ? t('page.dash')
          : stopped.first_short_day === null
            ? t('headline.runwayMore')
            : t('headline.runwayDays', { days: stopped.days_covered })}
      </Figure>
    </SimpleGrid>
  );
}
