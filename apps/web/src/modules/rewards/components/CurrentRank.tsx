import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MemberReward } from '@sgx/contracts';
import type { z } from 'zod';
import { formatDate } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { basisPointsText, unitsOf } from '../../income/components/incomeMath';

type Reward = z.infer<typeof MemberReward>;
type Leg = Reward['legs'][number];

const legColumns: ResponsiveColumn<Leg>[] = [
  { key: 'who', header: 'Leg (direct)', nowrap: true, render: (l) => `${l.username} (#${l.user_id})` },
  { key: 'business', header: 'Business', nowrap: true, render: (l) => <Money value={l.business} /> },
  { key: 'counted', header: 'Counted', nowrap: true, render: (l) => <Money value={l.counted} /> },
];

interface CurrentRankProps {
  reward: Reward;
  claimable: boolean | undefined;
  claimReason: string | null | undefined;
  busy: 'claim' | 'carry' | null;
  onClaim: () => void;
  onCarry: () => void;
}

/** The rank the member works on: window, legs (no leg counts above 50%), progress, Claim and Carry forward. */
export function CurrentRank({ reward, claimable, claimReason, busy, onClaim, onCarry }: CurrentRankProps) {
  const threshold = unitsOf(reward.plan.threshold);
  const counted = unitsOf(reward.counted);
  let bp = threshold > 0n ? (counted * 10_000n) / threshold : 0n;
  if (bp > 10_000n) bp = 10_000n;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="current-rank">
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <div>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            Current rank {reward.plan.rank}
          </Text>
          <Title order={3} fz="lg">
            {reward.plan.title}
          </Title>
          <Text size="sm" c="dimmed">
            Window {formatDate(reward.window_start)} to {formatDate(reward.window_end)}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light" color={reward.status === 'working' ? 'blue' : 'gray'}>
            {reward.status}
          </Badge>
          <Badge variant="filled" color={reward.qualified ? 'teal' : 'gray'}>
            {reward.qualified ? 'qualified' : 'not qualified yet'}
          </Badge>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Team business needed
          </Text>
          <Money value={reward.plan.threshold} fw={700} />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Business in window
          </Text>
          <Money value={reward.business} fw={700} />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Counted (max 50% a leg)
          </Text>
          <Money value={reward.counted} fw={700} data-testid="counted" />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Reward
          </Text>
          <Money value={reward.plan.reward} fw={700} />
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" mt="md" mb={4}>
        <Text size="sm">Progress</Text>
        <Text size="sm" fw={600}>
          {basisPointsText(Number(bp))}
        </Text>
      </Group>
      <Progress
        value={Number(bp) / 100}
        color={reward.qualified ? 'teal' : 'indigo'}
        aria-label="Rank progress"
      />
      <Title order={4} fz="md" mt="md" mb="xs">
        Legs
      </Title>
      <ResponsiveTable
        rows={reward.legs}
        columns={legColumns}
        rowKey={(l) => l.user_id}
        emptyText="No direct has been activated inside this window yet."
      />
      {claimable === false && claimReason && reward.status === 'working' && (
        <Alert color="gray" mt="sm" p="xs">
          <Text size="sm">{claimReason}</Text>
        </Alert>
      )}
      {reward.status !== 'carried' && (
        <Group justify="flex-end" mt="md" gap="sm">
          <Button variant="default" onClick={onCarry} loading={busy === 'carry'} disabled={busy !== null}>
            Carry forward
          </Button>
          <Button
            color="teal"
            onClick={onClaim}
            loading={busy === 'claim'}
            disabled={busy !== null || claimable !== true || reward.status !== 'working'}
          >
            Claim
          </Button>
        </Group>
      )}
    </Card>
  );
}
