import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { networkName } from '@sgx/chain/names';
import type { WithdrawalRecord } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RequestStatusBadge } from '../../../ui/RequestStatusBadge';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { RowActions } from '../../../ui/RowActions';
import {
  AwaitingAction,
  type AwaitingApproval,
  AwaitingNote,
  isAwaiting,
} from '../../approvals/components/AwaitingApproval';
import { RecordAuditLink } from '../../audit/components/AuditLink';
import { PayoutTxLink, WithdrawalPayoutStatus } from '../../chain-payouts/components/PayoutStatus';
import { profilePath } from '../../users/profilePath';
import { kindLabel } from '../api/withdrawalsApi';
import { WITHDRAWALS_NS } from '../i18n';
import { withdrawalStatusShown } from '../withdrawalStatus';

/**
 * What went out: the net in green once paid; for a pending request what will be paid; for a declined or
 * cancelled one (both are 'decline', the note says who cancelled) nothing, since the gross went back.
 */
/** A pending request whose payout no batch holds yet (or which has none) may still be decided or cancelled. */
const actionable = (w: WithdrawalRecord) =>
  w.status === 'pending' && (w.payout === null || w.payout.status === 'approved');

export function NetPaid({ w, admin }: { w: WithdrawalRecord; admin: boolean }) {
  const { t } = useT(WITHDRAWALS_NS);
  if (w.status === 'complete') return <Money value={w.net} fw={600} c="teal" />;
  if (w.status === 'pending') {
    return (
      <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <RichText
          text={t(w.payout === null ? 'table.whenApproved' : 'table.whenPaid')}
          components={{ net: <Money value={w.net} /> }}
        />
      </Text>
    );
  }
  const cancelled = (w.note ?? '').toLowerCase().startsWith('cancelled');
  return (
    <Text size="sm" c="dimmed" maw={220} data-testid={`withdrawal-${w.id}-nothing-paid`}>
      {t(`table.${cancelled ? 'cancelled' : 'declined'}${admin ? 'Member' : 'Yours'}`)}
    </Text>
  );
}

/** The status; for admins a flag from the risk signals and a completion that waits for a second admin. */
function WithdrawalStatus({
  w,
  admin,
  awaiting,
}: {
  w: WithdrawalRecord;
  admin: boolean;
  awaiting?: AwaitingApproval<WithdrawalRecord>;
}) {
  const { t } = useT(WITHDRAWALS_NS);
  const shown = withdrawalStatusShown(w);
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4} wrap="nowrap">
        {/* A pending payout on chain (decision 0034) says where it stands; a decided request ends in its own word,
            however it was paid, with the way beside it (decision 0055). */}
        {shown.word === 'payout' ? (
          <WithdrawalPayoutStatus id={w.id} payout={w.payout} />
        ) : (
          <RequestStatusBadge
            status={w.status}
            label={!admin && w.status === 'pending' ? t('table.requestedBadge') : undefined}
          />
        )}
        {admin && w.flagged && (
          <Badge
            color="orange"
            variant="light"
            size="sm"
            style={{ minWidth: 'max-content' }}
            data-testid={`withdrawal-${w.id}-flagged`}
          >
            {t('table.flagged')}
          </Badge>
        )}
      </Group>
      {shown.word === 'request' && shown.paidVia !== null && (
        <Group gap={4} wrap="nowrap" data-testid={`withdrawal-${w.id}-paid-via`}>
          <Text size="xs" c="dimmed">
            {t(shown.paidVia === 'chain' ? 'table.paidOnChain' : 'table.paidByHand')}
          </Text>
          {w.payout?.tx_hash != null && w.payout.chain_id !== null && (
            <PayoutTxLink
              chainId={w.payout.chain_id}
              hash={w.payout.tx_hash}
              explorerUrl={w.payout.explorer_url}
            />
          )}
        </Group>
      )}
      {awaiting !== undefined && isAwaiting(w) && (
        <AwaitingNote row={w} awaiting={awaiting} testId={`withdrawal-${w.id}-awaiting`} />
      )}
    </Stack>
  );
}

interface WithdrawalsTableProps {
  rows: readonly WithdrawalRecord[];
  showMember?: boolean;
  onCancel?: (w: WithdrawalRecord) => void;
  onDecide?: (w: WithdrawalRecord, status: 'complete' | 'decline') => void;
  awaiting?: AwaitingApproval<WithdrawalRecord>;
  emptyText?: string;
}

export function WithdrawalsTable({
  rows,
  showMember = false,
  onCancel,
  onDecide,
  awaiting,
  emptyText,
}: WithdrawalsTableProps) {
  const { t } = useT(WITHDRAWALS_NS);
  const hasActions = onCancel !== undefined || onDecide !== undefined;
  const columns: ResponsiveColumn<WithdrawalRecord>[] = [
    {
      key: 'id',
      header: t('table.number'),
      nowrap: true,
      render: (w) => <RecordAuditLink entity="withdrawal" id={w.id} />,
    },
    ...(showMember
      ? [
          {
            key: 'member',
            header: t('table.member'),
            render: (w: WithdrawalRecord) => (
              <MemberName
                name={w.fullname}
                username={w.username}
                id={w.user_id}
                to={profilePath(w.user_id)}
              />
            ),
          },
        ]
      : []),
    { key: 'kind', header: t('table.kind'), nowrap: true, priority: 3, render: (w) => kindLabel(w.kind) },
    {
      key: 'amount',
      header: t('table.amount'),
      nowrap: true,
      render: (w) => <Money value={w.amount} fw={600} />,
    },
    {
      key: 'fee',
      header: t('table.fee'),
      nowrap: true,
      priority: 3,
      render: (w) => <Money value={w.fee} c="dimmed" />,
    },
    {
      key: 'net',
      header: t('table.net'),
      render: (w) => <NetPaid w={w} admin={showMember} />,
    },
    {
      key: 'status',
      header: t('table.status'),
      render: (w) => <WithdrawalStatus w={w} admin={showMember} awaiting={awaiting} />,
    },
    {
      key: 'address',
      header: t('table.address'),
      wide: true,
      priority: 3,
      render: (w) => (
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {networkName(w.currency, w.payout?.chain_id)}
          </Text>
          <CopyText value={w.address} label={t('table.addressLabel', { id: w.id })} short />
        </Stack>
      ),
    },
    {
      key: 'requested',
      header: t('table.requested'),
      nowrap: true,
      priority: 2,
      render: (w) => formatDateTime(w.created_at),
    },
    {
      key: 'decided',
      header: t('table.decided'),
      nowrap: true,
      priority: 4,
      render: (w) => formatDateTime(w.decided_at),
    },
    { key: 'note', header: t('table.note'), wide: true, priority: 4, render: (w) => orDash(w.note) },
    ...(hasActions
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>{t('table.actions')}</VisuallyHidden>,
            stickyEnd: true,
            render: (w: WithdrawalRecord) =>
              !actionable(w) ? null : awaiting !== undefined && isAwaiting(w) ? (
                <AwaitingAction row={w} awaiting={awaiting} label={t('table.approveLabel', { id: w.id })} />
              ) : (
                <RowActions
                  actions={[
                    onDecide !== undefined &&
                      w.payout === null && {
                        // Paid on chain (decision 0054): approving queues it under "Pay on chain"; else it is marked paid.
                        label: t(w.payout_method === 'chain' ? 'table.approve' : 'table.complete'),
                        ariaLabel: t(
                          w.payout_method === 'chain' ? 'table.approveOnChainLabel' : 'table.completeLabel',
                          {
                            id: w.id,
                          },
                        ),
                        tone: 'go',
                        onClick: () => onDecide(w, 'complete'),
                      },
                    onDecide !== undefined && {
                      label: t('table.decline'),
                      ariaLabel: t('table.declineLabel', { id: w.id }),
                      tone: 'stop',
                      onClick: () => onDecide(w, 'decline'),
                    },
                    onCancel !== undefined && {
                      label: t('table.cancel'),
                      ariaLabel: t('table.cancelLabel', { id: w.id }),
                      tone: 'stop',
                      onClick: () => onCancel(w),
                    },
                  ]}
                />
              ),
          },
        ]
      : []),
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(w) => w.id}
      emptyText={emptyText ?? t('page.empty')}
      rowLabel={(w) => t('table.rowLabel', { id: w.id })}
    />
  );
}
