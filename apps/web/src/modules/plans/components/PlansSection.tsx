import { Alert, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { usePlans } from '../api/plansApi';
import { PLANS_NS } from '../i18n';
import { PlanCard } from './PlanCard';
import { PlansSkeleton } from './PlansSkeleton';

/** Public list of the active plans, read from the API. Shows nothing invented when the read fails. */
export function PlansSection() {
  const { t } = useT(PLANS_NS);
  const plans = usePlans();

  if (plans.isPending) return <PlansSkeleton />;

  if (plans.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('section.loadError')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(plans.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void plans.refetch()}>
            {t('section.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const active = plans.data.filter((p) => p.active);
  if (active.length === 0) {
    return (
      <Card withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          {t('section.none')}
        </Text>
      </Card>
    );
  }

  const middle = active.length >= 3 ? Math.floor(active.length / 2) : -1;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(active.length, 3) }} spacing="lg">
      {active.map((plan, i) => (
        <PlanCard key={plan.id} plan={plan} highlighted={i === middle} />
      ))}
    </SimpleGrid>
  );
}
