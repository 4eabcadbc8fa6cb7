import { Select, type SelectProps, Text } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { subtractAmounts } from '../../../ui/amounts';
import { formatMoney } from '../../../ui/Money';
import { usePlans } from '../../plans/api/plansApi';
import { TOPUPS_NS } from '../i18n';

/** Active plans to choose from, labelled with their price. */
export function PlanSelect(props: Omit<SelectProps, 'data'> & { plans: readonly PlanRecord[] }) {
  const { t } = useT(TOPUPS_NS);
  const { plans, ...rest } = props;
  return (
    <Select
      label={t('plan')}
      placeholder={t('choosePlan')}
      allowDeselect={false}
      data={plans.map((p) => ({ value: String(p.id), label: `${p.name} · ${formatMoney(p.monthly_price)}` }))}
      {...rest}
    />
  );
}

export function useActivePlans() {
  const plans = usePlans();
  return { ...plans, active: (plans.data ?? []).filter((p) => p.active) };
}

/** "Paid from your Business Balance ($900.00 → $800.00)". */
export function BalanceAfter({ balance, amount }: { balance: string | undefined; amount: string }) {
  const { t } = useT(TOPUPS_NS);
  if (balance === undefined) return null;
  const after = subtractAmounts(balance, amount);
  const short = after?.startsWith('-') === true;
  return (
    <Text size="sm" c={short ? 'red' : 'dimmed'}>
      {t(short ? 'paidFromShort' : 'paidFrom', {
        before: formatMoney(balance),
        after: after === null ? '-' : formatMoney(after),
      })}
    </Text>
  );
}
