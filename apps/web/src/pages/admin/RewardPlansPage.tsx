import { Badge, Button, Card, Group, VisuallyHidden } from '@mantine/core';
import type { RewardPlan } from '@sgx/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { apiRequest } from '../../app/api';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { rewardKeys, useRewardPlans } from '../../modules/rewards/api/rewardsApi';
import { RewardPlanForm, type RewardPlanValues } from '../../modules/rewards/components/RewardPlanForm';
import { REWARDS_NS } from '../../modules/rewards/i18n';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/LoadError';
import { Money } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/ResponsiveTable';
import { Spinner } from '../../ui/Spinner';
import { StaffOnly } from '../../ui/StaffOnly';

type Plan = z.infer<typeof RewardPlan>;
const TOAST_MS = 3000;

const body = (v: RewardPlanValues) => ({
  rank: v.rank.trim(),
  title: v.title,
  description: v.description,
  threshold: v.threshold.trim(),
  duration_days: v.duration_days.trim(),
  reward: v.reward.trim(),
  active: v.active,
});

/** /admin/reward-plans: create, edit and delete reward ranks. */
export default function RewardPlansPage() {
  const { t } = useT(REWARDS_NS);
  const plans = useRewardPlans();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: rewardKeys.all });

  const columns: ResponsiveColumn<Plan>[] = [
    { key: 'rank', header: t('table.rank'), nowrap: true, render: (p) => p.rank },
    { key: 'title', header: t('table.title'), render: (p) => p.title },
    {
      key: 'threshold',
      header: t('table.teamBusiness'),
      nowrap: true,
      priority: 2,
      render: (p) => <Money value={p.threshold} />,
    },
    {
      key: 'days',
      header: t('table.window'),
      nowrap: true,
      priority: 3,
      render: (p) => t('table.days', { days: p.duration_days }),
    },
    { key: 'reward', header: t('table.reward'), nowrap: true, render: (p) => <Money value={p.reward} /> },
    {
      key: 'active',
      header: t('admin.active'),
      nowrap: true,
      priority: 2,
      render: (p) => (
        <Badge variant="light" color={p.active ? 'teal' : 'gray'}>
          {p.active ? t('admin.isActive') : t('admin.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      writeArea: 'settings',
      header: <VisuallyHidden>{t('table.actions')}</VisuallyHidden>,
      stickyEnd: true,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setEditing(p)}
            aria-label={t('admin.editLabel', { title: p.title })}
          >
            {t('admin.edit')}
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => setDeleting(p)}
            aria-label={t('admin.deleteLabel', { title: p.title })}
          >
            {t('admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <PageShell
      title={t('admin.title')}
      description={t('admin.description')}
      actions={
        <StaffOnly area="settings">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('admin.add')}
          </Button>
        </StaffOnly>
      }
    >
      {plans.isError && (
        <LoadError title={t('admin.loadError')} error={plans.error} onRetry={() => void plans.refetch()} />
      )}
      <Spinner loading={plans.isPending} />
      {plans.data !== undefined && (
        <Card withBorder radius="lg" padding="md">
          <ResponsiveTable
            rows={plans.data}
            columns={columns}
            rowKey={(p) => p.id}
            rowLabel={(p) => t('admin.rowLabel', { title: p.title })}
            emptyText={t('admin.none')}
          />
        </Card>
      )}
      {editing !== null && (
        <RewardPlanForm
          key={editing === 'new' ? 'new' : editing.id}
          opened
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (v) => {
            const res =
              editing === 'new'
                ? await apiRequest('/rewards', { method: 'POST', body: body(v) })
                : await apiRequest(`/rewards/${editing.id}`, { method: 'PUT', body: body(v) });
            const message =
              typeof res === 'object' && res !== null && 'message' in res
                ? serverText(String(res.message))
                : t('admin.saved');
            toast.success(message, { duration: TOAST_MS });
            setEditing(null);
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        loading={busy}
        onCancel={() => setDeleting(null)}
        message={t('admin.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('admin.delete')}
        onConfirm={async () => {
          if (deleting === null) return;
          setBusy(true);
          try {
            await apiRequest(`/rewards/${deleting.id}`, { method: 'DELETE' });
            toast.success(t('admin.deleted'), { duration: TOAST_MS });
            setDeleting(null);
            refresh();
          } catch (cause) {
            toast.error(errorMessage(cause) || t('admin.deleteError'), { duration: TOAST_MS });
          } finally {
            setBusy(false);
          }
        }}
      />
    </PageShell>
  );
}
