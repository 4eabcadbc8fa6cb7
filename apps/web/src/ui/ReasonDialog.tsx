import { Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../i18n/i18n';
import { ActionDialog } from './ActionDialog';
import { SHELL_NS } from './i18n';
import type { ConfirmedAction } from './useConfirmedAction';

/** What a decision with a reason confirms: its text, and the reason typed (at least 3 characters). */
export interface ReasonRequest<T> {
  subject: T;
  title: string;
  text: string;
  confirmLabel: string;
  tone: 'go' | 'stop';
  reason: string;
}

/** Confirms a decision with its reason, kept in the audit trail: compliance's release, reverse, clear a flag (decision 0076). */
export function ReasonDialog<T>({ action }: { action: ConfirmedAction<ReasonRequest<T>> }) {
  const r = action.payload;
  return <Body key={r === null ? 'none' : `${r.title}:${r.text}`} action={action} />;
}

function Body<T>({ action }: { action: ConfirmedAction<ReasonRequest<T>> }) {
  const { t } = useT(SHELL_NS);
  const request = action.payload;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = reason.trim().length < 3 ? t('reasonDialog.reasonShort') : null;
  return (
    <ActionDialog
      action={action}
      title={request?.title ?? ''}
      confirmLabel={request?.confirmLabel ?? ''}
      color={request?.tone === 'stop' ? 'red' : 'teal'}
      confirmDisabled={touched && problem !== null}
      onConfirm={() => {
        setTouched(true);
        if (request === null || problem !== null) return;
        action.confirm({ ...request, reason: reason.trim() });
      }}
    >
      {request !== null && (
        <Stack gap="sm">
          <Text size="sm">{request.text}</Text>
          <Textarea
            label={t('reasonDialog.reason')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={touched ? problem : null}
            data-testid="decision-reason"
          />
        </Stack>
      )}
    </ActionDialog>
  );
}
