import { Button, Card, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import {
  carryForward,
  claimBonus,
  claimRankReward,
  initializeRewards,
  rewardKeys,
  useBonuses,
  useClaimStatus,
  useLeadership,
  useMemberReward,
  useRewardPlans,
} from '../../modules/rewards/api/rewardsApi';
import { CurrentRank } from '../../modules/rewards/components/CurrentRank';
import {
  BonusTable,
  HistoryTable,
  LeadershipTable,
  RanksTable,
} from '../../modules/rewards/components/RewardTables';
import { REWARDS_NS } from '../../modules/rewards/i18n';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { useInvalidateMoney } from '../../modules/wallet/api/walletApi';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/LoadError';
import { isPositiveAmount } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';

const TOAST_MS = 3000;

/** /user/rewards: reward ranks, the current rank, history, leadership and daily bonuses. */
export default function RewardsPage() {
  const { t } = useT(REWARDS_NS);
  const userId = useMemberId();
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  const plans = useRewardPlans();
  const mine = useMemberReward(userId);
  const current = mine.data?.reward ?? null;
  const status = useClaimStatus(userId, current?.status === 'working');
  const leadership = useLeadership(userId);
  const bonuses = useBonuses();
  const [busy, setBusy] = useState<'claim' | 'carry' | 'init' | null>(null);
  const [bonusBusy, setBonusBusy] = useState<string | null>(null);
  const [confirmCarry, setConfirmCarry] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: rewardKeys.all });
    invalidateMoney();
  };
  const run = async (
    kind: 'claim' | 'carry' | 'init',
    action: () => Promise<{ message: string }>,
    fallback: string,
  ) => {
    setBusy(kind);
    try {
      const res = await action();
      toast.success(serverText(res.message), { duration: TOAST_MS });
    } catch (cause) {
      toast.error(errorMessage(cause) || fallback, { duration: TOAST_MS });
    } finally {
      setBusy(null);
      refresh();
    }
  };

  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      {mine.isError && (
        <LoadError
          title={t('page.loadError')}
          error={mine.error}
          onRetry={() => void mine.refetch()}
          loadedAt={mine.dataUpdatedAt}
        />
      )}
      <Spinner loading={mine.isPending && mine.fetchStatus !== 'idle'} />
      {mine.data !== undefined && current === null && (
        <Card withBorder radius="lg" padding="md">
          <Stack align="flex-start" gap="sm">
            <Text>{t('page.notWorking')}</Text>
            <Button
              loading={busy === 'init'}
              onClick={() =>
                void run(
                  'init',
                  async () => {
                    await initializeRewards(userId ?? 0);
                    return { message: t('page.initialized') };
                  },
                  t('page.initError'),
                )
              }
            >
              {t('page.initialize')}
            </Button>
          </Stack>
        </Card>
      )}
      {current !== null && userId !== null && (
        <CurrentRank
          reward={current}
          claimable={status.data?.claimable}
          claimReason={status.data?.reason}
          busy={busy === 'claim' || busy === 'carry' ? busy : null}
          onClaim={() => void run('claim', () => claimRankReward(userId), t('page.claimError'))}
          onCarry={() => setConfirmCarry(true)}
        />
      )}

      <SectionCard title={t('page.bonuses')} testId="bonuses">
        {bonuses.isError ? (
          <LoadError
            title={t('page.bonusesError')}
            error={bonuses.error}
            onRetry={() => void bonuses.refetch()}
          />
        ) : (
          <BonusTable
            rows={bonuses.data?.bonus ?? []}
            busy={bonusBusy}
            onClaim={async (b) => {
              if (userId === null) return;
              setBonusBusy(b.bonus_type);
              try {
                const res = await claimBonus(userId, b.bonus_type);
                // A claim the server recorded without paying (blocked, no plan, cap reached) says why.
                if (res.skipped_reason !== null && !isPositiveAmount(res.paid)) {
                  toast.error(serverText(res.message), { duration: TOAST_MS });
                } else toast.success(serverText(res.message), { duration: TOAST_MS });
              } catch (cause) {
                toast.error(errorMessage(cause), { duration: TOAST_MS });
              } finally {
                setBonusBusy(null);
                refresh();
              }
            }}
          />
        )}
      </SectionCard>

      <SectionCard title={t('page.ranks')} testId="reward-ranks">
        {plans.isError ? (
          <LoadError title={t('page.ranksError')} error={plans.error} onRetry={() => void plans.refetch()} />
        ) : (
          <RanksTable plans={plans.data ?? []} currentId={current?.plan.id ?? null} />
        )}
      </SectionCard>

      <SectionCard title={t('page.history')} testId="reward-history">
        <HistoryTable rows={mine.data?.history ?? []} />
      </SectionCard>

      <SectionCard title={t('page.leadership')} testId="leadership">
        {leadership.isError ? (
          <LoadError
            title={t('page.leadershipError')}
            error={leadership.error}
            onRetry={() => void leadership.refetch()}
          />
        ) : (
          <LeadershipTable rows={leadership.data?.leadership ?? []} />
        )}
      </SectionCard>

      <ConfirmDialog
        opened={confirmCarry}
        onCancel={() => setConfirmCarry(false)}
        message={t('page.carryConfirm')}
        confirmLabel={t('page.carry')}
        loading={busy === 'carry'}
        onConfirm={() => {
          setConfirmCarry(false);
          if (current !== null) void run('carry', () => carryForward(current.id), t('page.carryError'));
        }}
      />
    </PageShell>
  );
}
