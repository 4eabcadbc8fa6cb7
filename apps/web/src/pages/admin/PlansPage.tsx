import { Button, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { PlanRecord } from '@sgx/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { PendingChanges, usePendingChanges } from '../../modules/approvals/components/PendingChanges';
import { useStaffMay } from '../../modules/auth/hooks/useStaffMay';
import { planKeys, usePlans } from '../../modules/plans/api/plansApi';
import { deletePlan } from '../../modules/plans-admin/api/plansAdminApi';
import { HeldPlansAdmin } from '../../modules/plans-admin/components/HeldPlansAdmin';
import { LevelSettings } from '../../modules/plans-admin/components/LevelSettings';
import { PlanFormModal } from '../../modules/plans-admin/components/PlanFormModal';
import { PlansAdminTable } from '../../modules/plans-admin/components/PlansAdminTable';
import { PLANS_ADMIN_NS } from '../../modules/plans-admin/i18n';
import { RuleHistoryLink } from '../../modules/rules/components/RuleHistoryLink';
import { ActionDialog } from '../../ui/ActionDialog';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { useStaffTabs } from '../../ui/StaffOnly';
import { useConfirmedAction } from '../../ui/useConfirmedAction';

/** Each tab with its area (decision 0042): the plans and levels are the owner's settings, held plans money. */
const tabs = [
  { value: 'plans', area: 'settings' },
  { value: 'levels', area: 'settings' },
  { value: 'held', area: 'money' },
] as const;

const tabLabel = { plans: 'page.tabPlans', levels: 'page.tabLevels', held: 'page.tabHeld' } as const;

/** /admin/plans: plans (create, edit, delete), level income settings, and the plans members hold. */
export default function PlansPage() {
  const { t } = useT(PLANS_ADMIN_NS);
  const plans = usePlans();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { shown, tab } = useStaffTabs(tabs, params.get('tab'));
  const mayWrite = useStaffMay('settings');
  // Plan changes kept for a second admin (decision 0070): shown next to the plans, which they do not change yet.
  const pending = usePendingChanges('plan');
  const [editing, setEditing] = useState<{ plan: PlanRecord | null; n: number } | null>(null);
  const remove = useConfirmedAction({
    run: (plan: PlanRecord, key) => deletePlan(plan.id, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      void queryClient.invalidateQueries({ queryKey: planKeys.list });
    },
  });

  return (
    <PageShell title={t('page.title')} description={t('page.description')} actions={<RuleHistoryLink />}>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === null || v === shown[0]?.value ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {shown.map((x) => (
            <Tabs.Tab key={x.value} value={x.value}>
              {t(tabLabel[x.value])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="plans">
          <SectionCard
            title={t('page.plans')}
            actions={
              mayWrite && (
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setEditing({ plan: null, n: Date.now() })}
                >
                  {t('page.newPlan')}
                </Button>
              )
            }
          >
            <Stack gap="sm">
              {plans.isError && (
                <LoadError
                  title={t('page.loadError')}
                  error={plans.error}
                  onRetry={() => void plans.refetch()}
                />
              )}
              <PendingChanges approvals={pending} testId="plans-pending" />
              {plans.isPending && <Skeleton h={160} />}
              {plans.data !== undefined && (
                <PlansAdminTable
                  plans={plans.data}
                  onEdit={(plan) => setEditing({ plan, n: Date.now() })}
                  onDelete={remove.open}
                />
              )}
            </Stack>
          </SectionCard>
        </Tabs.Panel>
        <Tabs.Panel value="levels">
          <LevelSettings />
        </Tabs.Panel>
        <Tabs.Panel value="held">
          <SectionCard title={t('page.held')} description={t('page.heldDescription')}>
            <HeldPlansAdmin />
          </SectionCard>
        </Tabs.Panel>
      </Tabs>
      {editing !== null && (
        <PlanFormModal key={editing.n} plan={editing.plan} opened onClose={() => setEditing(null)} />
      )}
      <ActionDialog action={remove} title={t('page.deleteTitle')} confirmLabel={t('page.delete')} color="red">
        {remove.payload !== null && (
          <Text size="sm">{t('page.deleteText', { name: remove.payload.name })}</Text>
        )}
      </ActionDialog>
    </PageShell>
  );
}
