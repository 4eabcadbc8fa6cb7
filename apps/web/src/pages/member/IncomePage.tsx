import { Button, Stack, Tabs } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { useIncomeHistory } from '../../modules/income/api/incomeApi';
import { IncomeDetails } from '../../modules/income/components/IncomeDetails';
import {
  BalanceCard,
  CapCard,
  IncomeByType,
  IncomeChartCard,
} from '../../modules/income/components/IncomeOverview';
import { IncomeSkips } from '../../modules/income/components/IncomeSkips';
import { PendingIncomeCard } from '../../modules/income/components/PendingIncomeCard';
import { TeamStats } from '../../modules/income/components/TeamStats';
import { INCOME_NS } from '../../modules/income/i18n';
import { useUser } from '../../modules/users/api/usersApi';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { useWallet } from '../../modules/wallet/api/walletApi';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

const tabs = ['overview', 'details', 'team'] as const;
type Tab = (typeof tabs)[number];
/** Spec 9: message toasts clear after 3 seconds. */
const TOAST_MS = 3000;

/** /user/income: the income dashboard (spec 2.8). */
export default function IncomePage() {
  const { t } = useT(INCOME_NS);
  const userId = useMemberId();
  const user = useUser(userId);
  const wallet = useWallet(userId);
  const history = useIncomeHistory(userId);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = tabs.includes(raw as Tab) ? (raw as Tab) : 'overview';

  const refresh = async () => {
    const results = await Promise.all([user.refetch(), wallet.refetch(), history.refetch()]);
    const failed = results.find((r) => r.isError);
    if (failed) toast.error(errorMessage(failed.error), { duration: TOAST_MS });
    else toast.success(t('page.refreshed'), { duration: TOAST_MS });
  };

  return (
    <PageShell
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refresh()}>
          {t('page.refresh')}
        </Button>
      }
    >
      <BalanceCard working={wallet.data?.wallets.working} nonWorking={wallet.data?.wallets.non_working} />
      <PendingIncomeCard />
      {user.isError && (
        <LoadError
          title={t('page.loadError')}
          error={user.error}
          onRetry={() => void user.refetch()}
          loadedAt={user.dataUpdatedAt}
        />
      )}
      <Spinner loading={user.isPending && user.fetchStatus !== 'idle'} />
      {user.data !== undefined && userId !== null && (
        <Tabs
          value={tab}
          onChange={(v) => setParams(v === 'overview' ? {} : { tab: v ?? '' }, { replace: true })}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="overview">{t('page.overview')}</Tabs.Tab>
            <Tabs.Tab value="details">{t('page.details')}</Tabs.Tab>
            <Tabs.Tab value="team">{t('page.team')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview">
            <Stack gap="md">
              <CapCard user={user.data} />
              <IncomeByType user={user.data} />
              {history.isError && (
                <LoadError
                  title={t('page.historyError')}
                  error={history.error}
                  onRetry={() => void history.refetch()}
                  loadedAt={history.dataUpdatedAt}
                />
              )}
              <IncomeChartCard history={history.data} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="details">
            {tab === 'details' && (
              <Stack gap="md">
                <IncomeDetails userId={userId} />
                <IncomeSkips userId={userId} />
              </Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="team">
            {tab === 'team' && <TeamStats code={user.data.refferal_code} totalTeam={user.data.total_team} />}
          </Tabs.Panel>
        </Tabs>
      )}
    </PageShell>
  );
}
