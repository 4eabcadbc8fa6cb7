import { Alert, Table } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { formatUnits, parseUnits, percentOf } from '@sgx/money';
import { useT } from '../../../i18n/i18n';
import { formatMoney, formatPercent } from '../../../ui/Money';
import { PLANS_NS } from '../i18n';

/** Spec 9 (business-rules 5): the earning cap is the plan amount x 3, as on the income screen. */
const CAP_MULTIPLIER = 3n;

interface Terms {
  amount: bigint;
  rate: string;
}

/** The holding's daily ROI (amount x rate %) and its earning cap, as decimal text. */
function figures(t: Terms): { daily: string; cap: string } {
  return {
    daily: formatUnits(percentOf(t.amount, parseUnits(t.rate))),
    cap: formatUnits(t.amount * CAP_MULTIPLIER),
  };
}

function units(text: string): bigint | null {
  try {
    return parseUnits(text);
  } catch {
    return null;
  }
}

interface PlanChangeSummaryProps {
  chosen: PlanRecord;
  /** What is paid into the plan, when not its price (a top-up of another amount). */
  amount?: string;
  /** The plan held now (its amount), with its terms when known. */
  holding: { amount: string; plan: PlanRecord | undefined } | null;
}

/**
 * What buying `chosen` does to the holding: the whole holding moves to the chosen plan's daily rate, so the
 * rate, the daily ROI and the earning cap are shown before and after, with a warning when the rate drops.
 */
export function PlanChangeSummary({ chosen, amount, holding }: PlanChangeSummaryProps) {
  const { t } = useT(PLANS_NS);
  const price = units(amount ?? chosen.monthly_price);
  const held = holding === null ? 0n : units(holding.amount);
  if (price === null || held === null) return null;
  const beforeRate = holding?.plan?.ROI_day;
  const before =
    holding !== null && beforeRate !== undefined ? figures({ amount: held, rate: beforeRate }) : null;
  const after = figures({ amount: held + price, rate: chosen.ROI_day });
  const rateBefore = beforeRate === undefined ? null : units(beforeRate);
  const rateAfter = units(chosen.ROI_day);
  const drops = rateBefore !== null && rateAfter !== null && rateAfter < rateBefore;
  const rows = [
    {
      id: 'daily-rate',
      label: t('change.rate'),
      before:
        holding === null ? '-' : beforeRate === undefined ? t('change.unknown') : formatPercent(beforeRate),
      after: formatPercent(chosen.ROI_day),
    },
    {
      id: 'daily-roi',
      label: t('change.roi'),
      before: holding === null ? '-' : before === null ? t('change.unknown') : formatMoney(before.daily),
      after: formatMoney(after.daily),
    },
    {
      id: 'earning-cap',
      label: t('change.cap'),
      before: holding === null ? '-' : formatMoney(formatUnits(held * CAP_MULTIPLIER)),
      after: formatMoney(after.cap),
    },
  ];
  return (
    <>
      <Table
        aria-label={t('change.label')}
        withRowBorders={false}
        verticalSpacing={4}
        horizontalSpacing="xs"
        fz="sm"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">{t('change.now')}</Table.Th>
            <Table.Th ta="right">{t('change.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid={`plan-change-${r.id}`}>
              <Table.Th scope="row" fw={400} c="dimmed">
                {r.label}
              </Table.Th>
              <Table.Td ta="right" ff="monospace">
                {r.before}
              </Table.Td>
              <Table.Td ta="right" ff="monospace" fw={600}>
                {r.after}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {drops && beforeRate !== undefined && (
        <Alert color="orange" variant="light" data-testid="plan-change-rate-drop">
          {t('change.drops', {
            from: formatPercent(beforeRate),
            to: formatPercent(chosen.ROI_day),
            plan: chosen.name,
          })}
        </Alert>
      )}
    </>
  );
}
