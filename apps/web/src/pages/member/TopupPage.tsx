import { Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { RedeemCodeForm } from '../../modules/codes/components/RedeemCodeForm';
import { EntryForm } from '../../modules/topups/components/EntryForm';
import { FriendTopupForm } from '../../modules/topups/components/FriendTopupForm';
import { RetopupForm } from '../../modules/topups/components/RetopupForm';
import { TopupHistory } from '../../modules/topups/components/TopupHistory';
import { TopupPlanForm } from '../../modules/topups/components/TopupPlanForm';
import { TransferForm } from '../../modules/topups/components/TransferForm';
import { TOPUPS_NS } from '../../modules/topups/i18n';
import { useUser } from '../../modules/users/api/usersApi';
import { BlockedGate } from '../../modules/users/components/BlockedBanner';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { useWallet } from '../../modules/wallet/api/walletApi';
import { CopyText } from '../../ui/CopyText';
import { LoadError } from '../../ui/LoadError';
import { Money } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';

/** The tabs, in order; each one's label is topups.json's tabs.<value>. */
const tabs = ['plan', 'retopup', 'entry', 'friend', 'transfer', 'code'] as const;

/** /user/topup: top-ups for yourself or others, activation, friend top-ups, transfers, codes, and history. */
export default function TopupPage() {
  const { t } = useT(TOPUPS_NS);
  const userId = useMemberId();
  const wallet = useWallet(userId);
  // What another member types to send you money or top up your plan (decision 0036: names, not database ids).
  const username = useUser(userId).data?.username;
  const balance = wallet.data?.wallets.deposit;
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = tabs.find((value) => value === raw) ?? 'plan';

  if (userId === null) return null;
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {t('page.balance')}
            </Text>
            <Money value={balance} fz="xl" fw={700} data-testid="topup-balance" />
          </div>
          {username !== undefined && (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('page.username')}
              </Text>
              <CopyText value={username} label={t('page.usernameLabel')} />
            </Group>
          )}
        </Group>
      </Card>
      {wallet.isError && (
        <LoadError
          title={t('page.balanceError')}
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
        />
      )}
      <Card withBorder radius="lg" padding="md">
        <Tabs
          value={tab}
          onChange={(v) => setParams(v === null || v === 'plan' ? {} : { tab: v }, { replace: true })}
          variant="pills"
          keepMounted={false}
        >
          <Tabs.List mb="md" style={{ flexWrap: 'wrap', gap: 4 }}>
            {tabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <BlockedGate id="topup-blocked-note" action="topup">
            <Stack>
              <Tabs.Panel value="plan">
                <TopupPlanForm userId={userId} balance={balance} />
              </Tabs.Panel>
              <Tabs.Panel value="retopup">
                <RetopupForm userId={userId} balance={balance} />
              </Tabs.Panel>
              <Tabs.Panel value="entry">
                <EntryForm userId={userId} balance={balance} />
              </Tabs.Panel>
              <Tabs.Panel value="friend">
                <FriendTopupForm userId={userId} balance={balance} />
              </Tabs.Panel>
              <Tabs.Panel value="transfer">
                <TransferForm userId={userId} balance={balance} />
              </Tabs.Panel>
              <Tabs.Panel value="code">
                <RedeemCodeForm />
              </Tabs.Panel>
            </Stack>
          </BlockedGate>
        </Tabs>
      </Card>
      <TopupHistory me={userId} />
    </PageShell>
  );
}
