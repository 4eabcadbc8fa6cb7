import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartLine, IconClock, IconGift } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { useUser } from '../../modules/users/api/usersApi';
import { useBlockedAccount } from '../../modules/users/blocked';
import { BlockedActionNote } from '../../modules/users/components/BlockedBanner';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { useRoiCheck } from '../../modules/watch/api/watchApi';
import { WatchDialog } from '../../modules/watch/components/WatchDialog';
import { WATCH_NS } from '../../modules/watch/i18n';
import { isPositiveAmount } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';

const features = [
  { icon: IconClock, key: 'seconds' },
  { icon: IconGift, key: 'daily' },
  { icon: IconChartLine, key: 'track' },
];

/** /watch/adds: Watch and Earn (spec 2.6, 4, 8). */
export default function WatchAndEarnPage() {
  const { t } = useT(WATCH_NS);
  const userId = useMemberId();
  const user = useUser(userId);
  const check = useRoiCheck(userId);
  const account = useBlockedAccount();
  const [open, setOpen] = useState(false);
  const reload = useCallback(() => window.location.reload(), []);

  const loading = userId === null || user.isPending || check.isPending;

  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {features.map((f) => (
          <Card key={f.key} withBorder radius="lg" padding="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light">
                <f.icon size={22} />
              </ThemeIcon>
              <div>
                <Title order={3} fz="md">
                  {t(`features.${f.key}.title`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`features.${f.key}.text`)}
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
          title={t('page.checkError')}
          data-testid="roi-check-warning"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{check.data.error}</Text>
            <Button size="xs" variant="light" color="yellow" onClick={() => void check.refetch()}>
              {t('page.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      <Card withBorder radius="lg" padding="xl">
        {user.isError ? (
          <Stack align="center" gap="sm" role="alert">
            <Text fw={600}>{t('page.loading')}</Text>
            <Text size="sm" c="red">
              {errorMessage(user.error)}
            </Text>
            <Button variant="light" onClick={() => void user.refetch()}>
              {t('page.retry')}
            </Button>
          </Stack>
        ) : loading || user.data === undefined ? (
          <Stack align="center" gap="sm" aria-busy="true">
            <Loader size="sm" />
            <Text>{user.isPending || userId === null ? t('page.loading') : t('page.checking')}</Text>
          </Stack>
        ) : (
          <Stack align="center" gap="md">
            <Text data-testid="plan-status" fw={600}>
              {isPositiveAmount(user.data.active_plan) ? t('page.premium') : t('page.noPlan')}
            </Text>
            {user.data.status === 'block' ? (
              // Spec 2.6: "Access Denied" instead of the watch button; said with the reason before any click.
              <>
                <Button size="lg" color="red" disabled aria-describedby="watch-blocked-note">
                  {t('page.accessDenied')}
                </Button>
                <BlockedActionNote id="watch-blocked-note" action="claim" account={account} />
              </>
            ) : !isPositiveAmount(user.data.active_plan) ? (
              <Button size="lg" disabled>
                {t('page.buyFirst')}
              </Button>
            ) : check.data?.found ? (
              <Button size="lg" disabled>
                {t('page.claimed')}
              </Button>
            ) : (
              <Button size="lg" onClick={() => setOpen(true)} disabled={check.isFetching}>
                {t('page.watchToday')}
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
