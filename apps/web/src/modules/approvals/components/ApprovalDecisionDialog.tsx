import { Alert, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { ApprovalRecord } from '@sgx/contracts';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { ActionDialog } from '../../../ui/ActionDialog';
import { formatDateTime } from '../../../ui/format';
import { memberLabel } from '../../../ui/MemberName';
import { formatMoney } from '../../../ui/Money';
import type { ConfirmedAction } from '../../../ui/useConfirmedAction';
import { ApprovalSimulation, useSimulationGate } from '../../simulation/components/ApprovalSimulation';
import { isSimulatedKind } from '../../simulation/simulationView';
import { type ApprovalDecision, approvalKindLabel, reasonProblem, sentReason } from '../approvalView';
import { APPROVALS_NS } from '../i18n';
import { ApprovalChanges } from './ApprovalChanges';

export interface ApprovalDecisionRequest {
  approval: ApprovalRecord;
  decision: ApprovalDecision;
  reason: string;
}

const colors: Record<ApprovalDecision, string> = { approve: 'teal', reject: 'red', cancel: 'gray' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Restates what was asked (summary, amount, member, who and when, the changes) before it is decided. */
export function ApprovalDecisionDialog({ action }: { action: ConfirmedAction<ApprovalDecisionRequest> }) {
  const request = action.payload;
  return (
    <DecisionBody
      key={request === null ? 'none' : `${request.approval.id}:${request.decision}`}
      action={action}
    />
  );
}

function DecisionBody({ action }: { action: ConfirmedAction<ApprovalDecisionRequest> }) {
  const { t } = useT(APPROVALS_NS);
  const request = action.payload;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const decision = request?.decision ?? 'approve';
  const problem = reasonProblem(decision, reason);
  const a = request?.approval;
  // An economic change is approved with its simulation, shown here; Approve waits until it is done (decision 0069).
  const simulated =
    a !== undefined && decision === 'approve' && a.status === 'pending' && isSimulatedKind(a.kind);
  const gate = useSimulationGate(a?.id ?? null, simulated && action.opened);
  return (
    <ActionDialog
      action={action}
      title={t(`dialog.titles.${decision}`)}
      confirmLabel={t(`dialog.confirm.${decision}`)}
      color={colors[decision]}
      confirmDisabled={(touched && problem !== null) || gate.held}
      size={simulated ? 'xl' : undefined}
      onConfirm={() => {
        setTouched(true);
        if (request === null || problem !== null) return;
        action.confirm({ ...request, reason: sentReason(decision, reason) });
      }}
    >
      {a !== undefined && (
        <Stack gap="sm">
          <Text size="sm" fw={600} data-testid="approval-summary" style={{ overflowWrap: 'anywhere' }}>
            {a.summary}
          </Text>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
            <Fact label={t('dialog.kind')}>{approvalKindLabel(a.kind)}</Fact>
            <Fact label={t('dialog.amount')}>{a.amount === null ? '-' : formatMoney(a.amount)}</Fact>
            <Fact label={t('dialog.member')}>
              {a.member_username === null
                ? '-'
                : `${memberLabel({ fullname: a.member_fullname, username: a.member_username })} (#${a.member_id})`}
            </Fact>
            <Fact label={t('dialog.requestedBy')}>
              {a.requested_by_username}, {formatDateTime(a.requested_at)}
            </Fact>
          </SimpleGrid>
          {a.reason !== null && <Fact label={t('dialog.theirReason')}>{a.reason}</Fact>}
          {a.changes.length > 0 && (
            <Fact label={t('dialog.changes')}>
              <ApprovalChanges changes={a.changes} />
            </Fact>
          )}
          {simulated && <ApprovalSimulation approvalId={a.id} enabled={action.opened} />}
          {decision === 'approve' && (
            <Alert color="teal" variant="light">
              {t('dialog.approveNote')}
            </Alert>
          )}
          {decision !== 'approve' && (
            <Text size="sm">{decision === 'reject' ? t('dialog.rejectNote') : t('dialog.cancelNote')}</Text>
          )}
          <Textarea
            label={decision === 'reject' ? t('dialog.reason') : t('dialog.reasonOptional')}
            description={t('dialog.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? problem : null}
            maxLength={500}
            autosize
            minRows={2}
            required={decision === 'reject'}
          />
          {gate.reason !== null && (
            <Text size="sm" c="dimmed" ta="right" data-testid="approve-wait-reason">
              {gate.reason}
            </Text>
          )}
        </Stack>
      )}
    </ActionDialog>
  );
}
