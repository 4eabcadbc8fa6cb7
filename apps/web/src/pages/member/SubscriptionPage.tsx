import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { RichText } from '../../i18n/RichText';
import { serverText } from '../../i18n/server';
import { usePlans } from '../../modules/plans/api/plansApi';
import { BuyPlanCard } from '../../modules/plans/components/BuyPlanCard';
import { HeldPlansTable } from '../../modules/plans/components/HeldPlansTable';
import { PlanChangeSummary } from '../../modules/plans/components/PlanChangeSummary';
import { PLANS_NS } from '../../modules/plans/i18n';
import { topup } from '../../modules/topups/api/topupsApi';
import { BlockedGate } from '../../modules/users/components/BlockedBanner';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { useActivePlan, useInvalidateMoney, useMyPlans, useWallet } from '../../modules/wallet/api/walletApi';
import { ActionDialog } from '../../ui/ActionDialog';
import { addAmounts, compareAmounts, subtractAmounts } from '../../ui/amounts';
import { ListPager } from '../../ui/ListPager';
import { LoadError } from '../../ui/LoadError';
import { formatMoney, Money } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { useConfirmedAction } from '../../ui/useConfirmedAction';

/** /user/subscription: the plans on offer, buying one from the Business Balance, and the plans you hold. */
export default function SubscriptionPage() {
  const { t } = useT(PLANS_NS);
  const userId = useMemberId();
  const plans = usePlans();
  const wallet = useWallet(userId);
  const active = useActivePlan(userId);
  const [page, setPage] = useState(1);
  const held = useMyPlans(userId, page, 10);
  const invalidate = useInvalidateMoney();
  const balance = wallet.data?.wallets.deposit;
  const buy = useConfirmedAction({
    run: (plan: PlanRecord, key) =>
      topup({ id: plan.id, userby_id: userId ?? 0, userto_id: userId ?? 0, amount: plan.monthly_price }, key),
    onSuccess: (res) => {
      toast.success(
        t('subscription.bought', {
          message: serverText(res.message),
          plan: res.topup.plan_name ?? t('subscription.planFallback'),
          amount: formatMoney(res.topup.amount),
        }),
      );
      invalidate();
    },
  });
  const offered = (plans.data ?? []).filter((p) => p.active);
  const chosen = buy.payload;
  const after =
    chosen !== null && balance !== undefined ? subtractAmounts(balance, chosen.monthly_price) : null;
  const short =
    chosen !== null && balance !== undefined && compareAmounts(balance, chosen.monthly_price) === -1;
  const current = active.data ?? null;

  return (
    <PageShell title={t('subscription.title')} description={t('subscription.description')}>
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {t('subscription.balance')}
            </Text>
            <Money value={balance} fz="xl" fw={700} data-testid="subscription-balance" />
          </div>
          <Text size="sm" c="dimmed">
            {current ? (
              <RichText
                text={t('subscription.yourPlan', {
                  plan: current.plan_name,
                  amount: formatMoney(current.amount),
                })}
                components={{ b: <b /> }}
              />
            ) : (
              t('subscription.noPlan')
            )}{' '}
            <Anchor component={Link} to="/user/web3-deposit" size="sm">
              {t('subscription.addFunds')}
            </Anchor>
          </Text>
        </Group>
      </Card>

      {plans.isError && (
        <LoadError
          title={t('subscription.loadError')}
          error={plans.error}
          onRetry={() => void plans.refetch()}
        />
      )}
      {plans.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={300} radius="lg" />
          ))}
        </SimpleGrid>
      ) : plans.data !== undefined && offered.length === 0 ? (
        <Card withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            {t('subscription.none')}
          </Text>
        </Card>
      ) : (
        <BlockedGate id="plans-blocked-note" action="plan">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {offered.map((plan) => (
              <BuyPlanCard
                key={plan.id}
                plan={plan}
                current={current?.plan_id === plan.id}
                onBuy={buy.open}
              />
            ))}
          </SimpleGrid>
        </BlockedGate>
      )}

      <SectionCard title={t('subscription.held')} description={t('subscription.heldDescription')}>
        {held.isError && (
          <LoadError
            title={t('subscription.heldError')}
            error={held.error}
            onRetry={() => void held.refetch()}
          />
        )}
        {held.data === undefined && !held.isError && <Skeleton h={80} />}
        {held.data !== undefined && (
          <Stack gap="sm">
            <HeldPlansTable rows={held.data.activeplans} emptyText={t('subscription.noHeld')} />
            <ListPager
              page={page}
              totalPages={held.data.totalPages}
              total={held.data.total}
              onPage={setPage}
              noun={[t('subscription.one'), t('subscription.other')]}
              label={t('subscription.pages')}
            />
          </Stack>
        )}
      </SectionCard>

      <ActionDialog
        action={buy}
        title={t('subscription.dialogTitle')}
        confirmLabel={t('subscription.confirm')}
        confirmDisabled={short}
      >
        {chosen !== null && (
          <Stack gap="xs">
            <Text>
              <RichText
                text={t('subscription.question', {
                  plan: chosen.name,
                  amount: formatMoney(chosen.monthly_price),
                })}
                components={{ b: <b /> }}
              />
            </Text>
            <Text size="sm" data-testid="buy-balance">
              {t('subscription.balanceChange', {
                before: formatMoney(balance),
                after: after === null ? '-' : formatMoney(after),
              })}
            </Text>
            {current !== null && (
              <Text size="sm" c="dimmed">
                {t('subscription.holding', {
                  held: current.plan_name,
                  amount: formatMoney(current.amount),
                  plan: chosen.name,
                  total: formatMoney(addAmounts(current.amount, chosen.monthly_price)),
                })}
              </Text>
            )}
            <PlanChangeSummary
              chosen={chosen}
              holding={
                current === null
                  ? null
                  : { amount: current.amount, plan: plans.data?.find((p) => p.id === current.plan_id) }
              }
            />
            {short && (
              <Alert color="orange" variant="light">
                <RichText
                  text={t('subscription.tooLow')}
                  components={{ link: <Anchor component={Link} to="/user/web3-deposit" size="sm" /> }}
                />
              </Alert>
            )}
          </Stack>
        )}
      </ActionDialog>
    </PageShell>
  );
}
