import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MemberReward } from '@sgx/contracts';
import type { z } from 'zod';
import { useT } from '../../../i18n/i18n';
import { formatDate } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { basisPointsText, unitsOf } from '../../income/components/incomeMath';
import { REWARDS_NS } from '../i18n';

type Reward = z.infer<typeof MemberReward>;
type Leg = Reward['legs'][number];

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
  const { t } = useT(REWARDS_NS);
  const legColumns: ResponsiveColumn<Leg>[] = [
    { key: 'who', header: t('current.leg'), nowrap: true, render: (l) => `${l.username} (#${l.user_id})` },
    {
      key: 'business',
      header: t('current.legBusiness'),
      nowrap: true,
      render: (l) => <Money value={l.business} />,
    },
    {
      key: 'counted',
      header: t('current.legCounted'),
      nowrap: true,
      render: (l) => <Money value={l.counted} />,
    },
  ];
  const threshold = unitsOf(reward.plan.threshold);
  const counted = unitsOf(reward.counted);
  let bp = threshold > 0n ? (counted * 10_000n) / threshold : 0n;
  if (bp > 10_000n) bp = 10_000n;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="current-rank">
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <div>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {t('current.rank', { rank: reward.plan.rank })}
          </Text>
          <Title order={3} fz="lg">
            {reward.plan.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('current.window', {
              from: formatDate(reward.window_start),
              to: formatDate(reward.window_end),
            })}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light" color={reward.status === 'working' ? 'blue' : 'gray'}>
            {t(`status.${reward.status}`)}
          </Badge>
          <Badge variant="filled" color={reward.qualified ? 'teal' : 'gray'}>
            {reward.qualified ? t('current.qualified') : t('current.notQualified')}
          </Badge>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('current.needed')}
          </Text>
          <Money value={reward.plan.threshold} fw={700} />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('current.business')}
          </Text>
          <Money value={reward.business} fw={700} />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('current.counted')}
          </Text>
          <Money value={reward.counted} fw={700} data-testid="counted" />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('current.reward')}
          </Text>
          <Money value={reward.plan.reward} fw={700} />
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" mt="md" mb={4}>
        <Text size="sm">{t('current.progress')}</Text>
        <Text size="sm" fw={600}>
          {basisPointsText(Number(bp))}
        </Text>
      </Group>
      <Progress
        value={Number(bp) / 100}
        color={reward.qualified ? 'teal' : 'indigo'}
        aria-label={t('current.progressLabel')}
      />
      <Title order={4} fz="md" mt="md" mb="xs">
        {t('current.legs')}
      </Title>
      <ResponsiveTable
        rows={reward.legs}
        columns={legColumns}
        rowKey={(l) => l.user_id}
        emptyText={t('current.noLegs')}
      />
      {claimable === false && claimReason && reward.status === 'working' && (
        <Alert color="gray" mt="sm" p="xs">
          <Text size="sm">{claimReason}</Text>
        </Alert>
      )}
      {reward.status !== 'carried' && (
        <Group justify="flex-end" mt="md" gap="sm">
          <Button variant="default" onClick={onCarry} loading={busy === 'carry'} disabled={busy !== null}>
            {t('current.carry')}
          </Button>
          <Button
            color="teal"
            onClick={onClaim}
            loading={busy === 'claim'}
            disabled={busy !== null || claimable !== true || reward.status !== 'working'}
          >
            {t('current.claim')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
