import { Badge, Button, Card, Group, VisuallyHidden } from '@mantine/core';
import type { RewardPlan } from '@sgx/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { apiRequest } from '../../app/api';
import { errorMessage } from '../../app/apiError';
import { rewardKeys, useRewardPlans } from '../../modules/rewards/api/rewardsApi';
import { RewardPlanForm, type RewardPlanValues } from '../../modules/rewards/components/RewardPlanForm';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/LoadError';
import { Money } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/ResponsiveTable';
import { Spinner } from '../../ui/Spinner';

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
  const plans = useRewardPlans();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: rewardKeys.all });

  const columns: ResponsiveColumn<Plan>[] = [
    { key: 'rank', header: 'Rank', nowrap: true, render: (p) => p.rank },
    { key: 'title', header: 'Title', render: (p) => p.title },
    {
      key: 'threshold',
      header: 'Team business',
      nowrap: true,
      priority: 2,
      render: (p) => <Money value={p.threshold} />,
    },
    { key: 'days', header: 'Window', nowrap: true, priority: 3, render: (p) => `${p.duration_days} days` },
    { key: 'reward', header: 'Reward', nowrap: true, render: (p) => <Money value={p.reward} /> },
    {
      key: 'active',
      header: 'Active',
      nowrap: true,
      priority: 2,
      render: (p) => (
        <Badge variant="light" color={p.active ? 'teal' : 'gray'}>
          {p.active ? 'active' : 'inactive'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      stickyEnd: true,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setEditing(p)}
            aria-label={`Edit ${p.title}`}
          >
            Edit
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => setDeleting(p)}
            aria-label={`Delete ${p.title}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <PageShell
      title="Reward Plans"
      description="Ranks members work towards: team business inside a window, no leg above 50%."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add reward plan
        </Button>
      }
    >
      {plans.isError && (
        <LoadError title="Failed to fetch rewards" error={plans.error} onRetry={() => void plans.refetch()} />
      )}
      <Spinner loading={plans.isPending} />
      {plans.data !== undefined && (
        <Card withBorder radius="lg" padding="md">
          <ResponsiveTable
            rows={plans.data}
            columns={columns}
            rowKey={(p) => p.id}
            rowLabel={(p) => `reward plan ${p.title}`}
            emptyText="No reward plans yet."
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
              typeof res === 'object' && res !== null && 'message' in res ? String(res.message) : 'Saved';
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
        message={`Delete the reward plan "${deleting?.title ?? ''}"?`}
        onConfirm={async () => {
          if (deleting === null) return;
          setBusy(true);
          try {
            await apiRequest(`/rewards/${deleting.id}`, { method: 'DELETE' });
            toast.success('Reward deleted', { duration: TOAST_MS });
            setDeleting(null);
            refresh();
          } catch (cause) {
            toast.error(errorMessage(cause) || 'Failed to delete reward', { duration: TOAST_MS });
          } finally {
            setBusy(false);
          }
        }}
      />
    </PageShell>
  );
}
