import { Select, type SelectProps, Text } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { subtractAmounts } from '../../../ui/amounts';
import { formatMoney } from '../../../ui/Money';
import { usePlans } from '../../plans/api/plansApi';

/** Active plans to choose from, labelled with their price. */
export function PlanSelect(props: Omit<SelectProps, 'data'> & { plans: readonly PlanRecord[] }) {
  const { plans, ...rest } = props;
  return (
    <Select
      label="Plan"
      placeholder="Choose a plan"
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
  if (balance === undefined) return null;
  const after = subtractAmounts(balance, amount);
  const short = after?.startsWith('-') === true;
  return (
    <Text size="sm" c={short ? 'red' : 'dimmed'}>
      Paid from your Business Balance: {formatMoney(balance)} → {after === null ? '-' : formatMoney(after)}
      {short ? ' (not enough: add funds with a deposit first)' : ''}
    </Text>
  );
}
