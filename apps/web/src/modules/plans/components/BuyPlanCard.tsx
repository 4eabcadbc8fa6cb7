import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { formatUsd, parseUnits, percentOf } from '@sgx/money';
import { IconCheck } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { formatPercent, Money } from '../../../ui/Money';
import { PLANS_NS } from '../i18n';

function dailyRoi(plan: PlanRecord): string {
  try {
    return `$${formatUsd(percentOf(parseUnits(plan.monthly_price), parseUnits(plan.ROI_day)))}`;
  } catch {
    return '-';
  }
}

interface BuyPlanCardProps {
  plan: PlanRecord;
  /** The plan the member holds now. */
  current: boolean;
  onBuy: (plan: PlanRecord) => void;
}

/** A plan in the member area, with its terms and a Buy button. */
export function BuyPlanCard({ plan, current, onBuy }: BuyPlanCardProps) {
  const { t } = useT(PLANS_NS);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid={`plan-${plan.name}`}
      style={current ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3}>{plan.name}</Title>
          {current && <Badge variant="light">{t('buy.yourPlan')}</Badge>}
        </Group>
        <Money value={plan.monthly_price} fz={28} fw={800} ff="inherit" />
        {plan.description !== '' && (
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        )}
        <List spacing={4} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" />}>
          <List.Item>
            {t('buy.dailyRoi', { rate: formatPercent(plan.ROI_day), amount: dailyRoi(plan) })}
          </List.Item>
          <List.Item>{t('buy.sponsor', { rate: formatPercent(plan.Sponser_bonus) })}</List.Item>
          <List.Item>{t('buy.period', { days: plan.plan_period })}</List.Item>
        </List>
        <Button
          mt="auto"
          fullWidth
          onClick={() => onBuy(plan)}
          aria-label={t('buy.buy', { plan: plan.name })}
        >
          {t('buy.buy', { plan: plan.name })}
        </Button>
      </Stack>
    </Card>
  );
}
