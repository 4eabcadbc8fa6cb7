import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { formatUsd, parseUnits, percentOf } from '@sgx/money';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { formatPercent, Money } from '../../../ui/Money';
import { PLANS_NS } from '../i18n';

/** Daily ROI of a plan in USD, exactly: price x ROI_day %. */
function dailyRoi(plan: PlanRecord): string {
  try {
    return `$${formatUsd(percentOf(parseUnits(plan.monthly_price), parseUnits(plan.ROI_day)))}`;
  } catch {
    return '-';
  }
}

/** The 3x earning cap of a plan. */
function earningCap(plan: PlanRecord): string {
  try {
    return `$${formatUsd(parseUnits(plan.monthly_price) * 3n)}`;
  } catch {
    return '-';
  }
}

export function PlanCard({ plan, highlighted = false }: { plan: PlanRecord; highlighted?: boolean }) {
  const { t } = useT(PLANS_NS);
  const bold = { b: <b /> };
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow={highlighted ? 'md' : 'xs'}
      style={highlighted ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : undefined}
      data-testid="plan-card"
    >
      <Stack gap="sm" h="100%">
        <Title order={3}>{plan.name}</Title>
        <div>
          <Money value={plan.monthly_price} fz={32} fw={800} ff="inherit" />
          <Text c="dimmed" size="sm">
            {t('card.oneTime')}
          </Text>
        </div>
        {plan.description !== '' && (
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        )}
        <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" />}>
          <List.Item>
            <RichText
              text={t('card.dailyRoi', { rate: formatPercent(plan.ROI_day), amount: dailyRoi(plan) })}
              components={bold}
            />
          </List.Item>
          <List.Item>
            <RichText
              text={t('card.sponsor', { rate: formatPercent(plan.Sponser_bonus) })}
              components={bold}
            />
          </List.Item>
          <List.Item>
            <RichText text={t('card.period', { days: plan.plan_period })} components={bold} />
          </List.Item>
          <List.Item>{t('card.cap', { amount: earningCap(plan) })}</List.Item>
        </List>
        <Button
          component={Link}
          to="/registration"
          mt="auto"
          variant={highlighted ? 'filled' : 'light'}
          fullWidth
        >
          {t('card.start', { plan: plan.name })}
        </Button>
      </Stack>
    </Card>
  );
}
