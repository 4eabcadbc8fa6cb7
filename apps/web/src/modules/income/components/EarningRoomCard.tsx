import { Anchor, Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { LoadError } from '../../../ui/LoadError';
import { formatPercent, Money } from '../../../ui/Money';
import { useEarningRoom } from '../api/earningRoomApi';
import { INCOME_NS } from '../i18n';
import { positive, reasonKey, usedBasisPoints } from './earningRoom';

/**
 * The member dashboard's "Earning room" (decision 0068): what the member can still earn under their cap, what
 * they earned so far, why nothing is left when nothing is, and their next ROI credit. Loaded beside its answer,
 * not with the dashboard's first screen.
 */
export default function EarningRoomCard({ userId }: { userId: number }) {
  const { t } = useT(INCOME_NS);
  const room = useEarningRoom(userId);
  const data = room.data;
  const reasonText = (reason: string) => {
    const key = reasonKey(reason);
    return key === null ? serverText(reason) : t(`room.reason.${key}`);
  };
  const noPlan =
    data !== undefined &&
    !positive(data.cap) &&
    (data.reason === null || ['noPlan', 'inactive'].includes(reasonKey(data.reason) ?? ''));

  return (
    <Card withBorder radius="lg" padding="md" data-testid="earning-room">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={3} fz="lg">
          {t('room.title')}
        </Title>
        <IconGauge size={22} color="var(--mantine-color-teal-7)" aria-hidden />
      </Group>
      {room.isError && (
        <LoadError
          title={t('room.loadError')}
          error={room.error}
          onRetry={() => void room.refetch()}
          loadedAt={room.dataUpdatedAt}
        />
      )}
      {data === undefined && !room.isError && <Skeleton h={72} />}
      {data !== undefined && noPlan && (
        <Stack gap="xs" align="flex-start" data-testid="earning-room-no-plan">
          <Text size="sm" c="dimmed">
            {t('room.noPlan')}
          </Text>
          <Button component={Link} to="/user/subscription" size="xs" variant="light">
            {t('cap.choosePlan')}
          </Button>
        </Stack>
      )}
      {data !== undefined && !noPlan && (
        <Stack gap={6}>
          <div data-testid="earning-room-left">
            <Text size="xs" c="dimmed">
              {t('room.canStillEarn')}
            </Text>
            <Group gap={6} align="baseline" wrap="wrap">
              <Money value={data.can_still_earn} fw={800} fz="xl" data-testid="earning-room-amount" />
              {positive(data.cap) && (
                <Text size="sm" c="dimmed" component="span">
                  {t('room.ofCap')} <Money value={data.cap} data-testid="earning-room-cap" />
                </Text>
              )}
            </Group>
          </div>
          {positive(data.cap) && (
            <>
              <Progress
                value={usedBasisPoints(data.earned, data.cap) / 100}
                color={positive(data.can_still_earn) ? 'teal' : 'red'}
                size="md"
                radius="xl"
                aria-label={t('room.usedLabel')}
              />
              <Text size="xs" c="dimmed" data-testid="earning-room-earned">
                {t('room.earned')} <Money value={data.earned} />
              </Text>
            </>
          )}
          {!positive(data.can_still_earn) && data.reason !== null && (
            <Text size="sm" c="red.8" data-testid="earning-room-reason">
              {reasonText(data.reason)}
            </Text>
          )}
          {data.next_roi !== null && (
            <Group gap="xs" justify="space-between" wrap="wrap" data-testid="earning-room-next-roi">
              <Text size="sm">
                {t('room.nextRoi')} <Money value={data.next_roi.amount} fw={700} />{' '}
                <Text component="span" size="xs" c="dimmed">
                  {t('room.rate', { rate: formatPercent(data.next_roi.rate_percent) })}
                </Text>
              </Text>
              {data.next_roi.claimable === 'today' ? (
                <Anchor component={Link} to="/watch/adds" size="sm" fw={600}>
                  {t('room.claimToday')}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('room.claimTomorrow')}
                </Text>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
