import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { usePlans } from '../../modules/plans/api/plansApi';
import { BuyPlanCard } from '../../modules/plans/components/BuyPlanCard';
import { HeldPlansTable } from '../../modules/plans/components/HeldPlansTable';
import { PlanChangeSummary } from '../../modules/plans/components/PlanChangeSummary';
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
      toast.success(`${res.message}: ${res.topup.plan_name ?? 'plan'} for ${formatMoney(res.topup.amount)}`);
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
    <PageShell title="Subscription" description="Choose a plan and pay it from your Business Balance.">
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              Business Balance
            </Text>
            <Money value={balance} fz="xl" fw={700} data-testid="subscription-balance" />
          </div>
          <Text size="sm" c="dimmed">
            {current ? (
              <>
                Your plan: <b>{current.plan_name}</b> ({formatMoney(current.amount)})
              </>
            ) : (
              'You have no plan yet.'
            )}{' '}
            <Anchor component={Link} to="/user/web3-deposit" size="sm">
              Add funds
            </Anchor>
          </Text>
        </Group>
      </Card>

      {plans.isError && (
        <LoadError
          title="Plans could not be loaded"
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
            No plans are open right now. Please check back soon.
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

      <SectionCard title="Your plans" description="The plans you hold and held, newest first.">
        {held.isError && (
          <LoadError
            title="Your plans could not be loaded"
            error={held.error}
            onRetry={() => void held.refetch()}
          />
        )}
        {held.data === undefined && !held.isError && <Skeleton h={80} />}
        {held.data !== undefined && (
          <Stack gap="sm">
            <HeldPlansTable rows={held.data.activeplans} emptyText="You hold no plan yet." />
            <ListPager
              page={page}
              totalPages={held.data.totalPages}
              total={held.data.total}
              onPage={setPage}
              noun={['plan', 'plans']}
              label="Plan pages"
            />
          </Stack>
        )}
      </SectionCard>

      <ActionDialog action={buy} title="Buy plan" confirmLabel="Buy now" confirmDisabled={short}>
        {chosen !== null && (
          <Stack gap="xs">
            <Text>
              Buy <b>{chosen.name}</b> for <b>{formatMoney(chosen.monthly_price)}</b>?
            </Text>
            <Text size="sm" data-testid="buy-balance">
              Business Balance: {formatMoney(balance)} → {after === null ? '-' : formatMoney(after)}
            </Text>
            {current !== null && (
              <Text size="sm" c="dimmed">
                You hold {current.plan_name} ({formatMoney(current.amount)}). Buying {chosen.name} adds to it
                and moves your whole holding to {chosen.name}:{' '}
                {formatMoney(addAmounts(current.amount, chosen.monthly_price))} in total.
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
                Your Business Balance is too low.{' '}
                <Anchor component={Link} to="/user/web3-deposit" size="sm">
                  Make a deposit
                </Anchor>{' '}
                first.
              </Alert>
            )}
          </Stack>
        )}
      </ActionDialog>
    </PageShell>
  );
}
