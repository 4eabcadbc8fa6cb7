import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MemberPlanRecord } from '@sgx/contracts';
import { IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatDate } from '../../../ui/format';
import { Money } from '../../../ui/Money';

type HeldPlan = z.infer<typeof MemberPlanRecord>;

/** The plan the member holds now, or a way to choose one. */
export function ActivePlanCard({ plan, loading }: { plan: HeldPlan | null | undefined; loading: boolean }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid="active-plan">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={3} fz="lg">
          Active plan
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
                Started
              </Text>
              <Text size="sm">{formatDate(plan.started_at)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Runs until
              </Text>
              <Text size="sm">{formatDate(plan.ends_at)}</Text>
            </div>
          </SimpleGrid>
          <Group gap="xs">
            <Button component={Link} to="/user/topup" size="xs" variant="light">
              Re-top-up
            </Button>
            <Button component={Link} to="/user/subscription" size="xs" variant="subtle">
              Plans
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            You have no plan yet. Choose one to start earning daily ROI.
          </Text>
          <Button component={Link} to="/user/subscription" size="xs">
            Choose a plan
          </Button>
        </Stack>
      )}
    </Card>
  );
}
