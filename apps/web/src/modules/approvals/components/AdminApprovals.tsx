import { Select, Stack } from '@mantine/core';
import type { ApprovalStatus } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ListPager } from '../../../ui/ListPager';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { listQuery, useListState } from '../../../ui/useListState';
import {
  approveApproval,
  rejectApproval,
  useApprovals,
  useInvalidateAfterDecision,
} from '../api/approvalsApi';
import { approvalStatusLabel } from '../approvalView';
import { APPROVALS_NS } from '../i18n';
import { ApprovalDecisionDialog, type ApprovalDecisionRequest } from './ApprovalDecisionDialog';
import { ApprovalsTable } from './ApprovalsTable';

const statuses: ApprovalStatus[] = ['pending', 'approved', 'rejected', 'cancelled'];

/** Admin: the actions kept for a second admin (waiting first), approved, rejected or cancelled by the asker. */
export function AdminApprovals({ adminId }: { adminId: number }) {
  const { t } = useT(APPROVALS_NS);
  const list = useListState({ status: 'pending' }, 20);
  const qs = listQuery({ page: list.page, limit: 20, filters: list.filters });
  const rows = useApprovals(qs);
  const invalidate = useInvalidateAfterDecision();
  const decide = useConfirmedAction({
    run: (r: ApprovalDecisionRequest, key) =>
      r.decision === 'approve'
        ? approveApproval(r.approval.id, r.reason, key)
        : rejectApproval(r.approval.id, r.reason, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
    // Someone else may have decided it meanwhile: the list shows what is true now.
    onError: () => invalidate(),
  });
  const status = list.filters.status;

  return (
    <Stack gap="sm">
      <Select
        aria-label={t('list.status')}
        data={statuses.map((s) => ({ value: s, label: approvalStatusLabel(s) }))}
        value={status}
        onChange={(v) => list.setFilter('status', v ?? 'pending')}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
      />
      {rows.isError && (
        <LoadError
          title={t('list.loadError')}
          error={rows.error}
          onRetry={() => void rows.refetch()}
          loadedAt={rows.dataUpdatedAt}
        />
      )}
      <Spinner loading={rows.isPending} />
      {rows.data !== undefined && (
        <>
          <ApprovalsTable
            rows={rows.data.approvals}
            adminId={adminId}
            onDecide={(approval, decision) => decide.open({ approval, decision, reason: '' })}
            emptyText={status === 'pending' ? t('list.emptyPending') : t('list.emptyOther')}
          />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={[t('list.one'), t('list.many')]}
            label={t('list.pages')}
          />
        </>
      )}
      <ApprovalDecisionDialog action={decide} />
    </Stack>
  );
}
