import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartLine, IconClock, IconGift } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../app/apiError';
import { useUser } from '../../modules/users/api/usersApi';
import { useBlockedAccount } from '../../modules/users/blocked';
import { BlockedActionNote } from '../../modules/users/components/BlockedBanner';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { useRoiCheck } from '../../modules/watch/api/watchApi';
import { WatchDialog } from '../../modules/watch/components/WatchDialog';
import { isPositiveAmount } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';

const features = [
  {
    icon: IconClock,
    title: '10 seconds only',
    text: 'Watch a short video for just 10 seconds each day.',
  },
  {
    icon: IconGift,
    title: 'Daily rewards',
    text: 'Claim your daily ROI on your active plan once per day.',
  },
  {
    icon: IconChartLine,
    title: 'Track progress',
    text: 'Follow every reward you earn on your income dashboard.',
  },
];

/** /watch/adds: Watch and Earn (spec 2.6, 4, 8). */
export default function WatchAndEarnPage() {
  const userId = useMemberId();
  const user = useUser(userId);
  const check = useRoiCheck(userId);
  const account = useBlockedAccount();
  const [open, setOpen] = useState(false);
  const reload = useCallback(() => window.location.reload(), []);

  const loading = userId === null || user.isPending || check.isPending;

  return (
    <PageShell
      title="Watch and Earn"
      description="Watch today's short video and claim your daily reward on your active plan."
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {features.map((f) => (
          <Card key={f.title} withBorder radius="lg" padding="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light">
                <f.icon size={22} />
              </ThemeIcon>
              <div>
                <Title order={3} fz="md">
                  {f.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {f.text}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      {check.data?.error && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title="Could not check today's reward"
          data-testid="roi-check-warning"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{check.data.error}</Text>
            <Button size="xs" variant="light" color="yellow" onClick={() => void check.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      )}

      <Card withBorder radius="lg" padding="xl">
        {user.isError ? (
          <Stack align="center" gap="sm" role="alert">
            <Text fw={600}>Loading...</Text>
            <Text size="sm" c="red">
              {errorMessage(user.error)}
            </Text>
            <Button variant="light" onClick={() => void user.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : loading || user.data === undefined ? (
          <Stack align="center" gap="sm" aria-busy="true">
            <Loader size="sm" />
            <Text>{user.isPending || userId === null ? 'Loading...' : 'Checking eligibility...'}</Text>
          </Stack>
        ) : (
          <Stack align="center" gap="md">
            <Text data-testid="plan-status" fw={600}>
              {isPositiveAmount(user.data.active_plan) ? 'Premium User' : 'No Plan Found'}
            </Text>
            {user.data.status === 'block' ? (
              // Spec 2.6: "Access Denied" instead of the watch button; said with the reason before any click.
              <>
                <Button size="lg" color="red" disabled aria-describedby="watch-blocked-note">
                  Access Denied
                </Button>
                <BlockedActionNote id="watch-blocked-note" action="claim" account={account} />
              </>
            ) : !isPositiveAmount(user.data.active_plan) ? (
              <Button size="lg" disabled>
                Please buy a plan first
              </Button>
            ) : check.data?.found ? (
              <Button size="lg" disabled>
                You have already claimed today's reward
              </Button>
            ) : (
              <Button size="lg" onClick={() => setOpen(true)} disabled={check.isFetching}>
                Watch Today's Video
              </Button>
            )}
          </Stack>
        )}
      </Card>

      {userId !== null && (
        <WatchDialog opened={open} userId={userId} onClose={() => setOpen(false)} onClaimed={reload} />
      )}
    </PageShell>
  );
}
