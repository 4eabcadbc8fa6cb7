import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MemberPlanRecord } from '@sgx/contracts';
import { IconPackage } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useT } from '../../../i18n/i18n';
import { formatDate } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { WALLET_NS } from '../i18n';

type HeldPlan = z.infer<typeof MemberPlanRecord>;

/** The plan the member holds now, or a way to choose one. Drawn again only when its props change (memo). */
export const ActivePlanCard = memo(function ActivePlanCard({
  plan,
  loading,
}: {
  plan: HeldPlan | null | undefined;
  loading: boolean;
}) {
  const { t } = useT(WALLET_NS);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="active-plan">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={3} fz="lg">
          {t('plan.title')}
        </Title>
        <IconPackage size={22} color="var(--mantine-color-indigo-6)" />
      </Group>
      {loading ? (
        <Skeleton h={60} />
      ) : plan ? (
        <Stack gap="xs">
          <Group gap="xs" align="baseline">
            <Text fw={800} fz="xl">
              {plan.plan_name}
            </Text>
            <Money value={plan.amount} fw={700} c="indigo.7" data-testid="active-plan-amount" />
          </Group>
          <SimpleGrid cols={2} spacing="xs">
            <div>
              <Text size="xs" c="dimmed">
                {t('plan.started')}
              </Text>
              <Text size="sm">{formatDate(plan.started_at)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('plan.runsUntil')}
              </Text>
              <Text size="sm">{formatDate(plan.ends_at)}</Text>
            </div>
          </SimpleGrid>
          <Group gap="xs">
            <Button component={Link} to="/user/topup" size="xs" variant="light">
              {t('plan.retopup')}
            </Button>
            <Button component={Link} to="/user/subscription" size="xs" variant="subtle">
              {t('plan.plans')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('plan.none')}
          </Text>
          <Button component={Link} to="/user/subscription" size="xs">
            {t('plan.choose')}
          </Button>
        </Stack>
      )}
    </Card>
  );
});
