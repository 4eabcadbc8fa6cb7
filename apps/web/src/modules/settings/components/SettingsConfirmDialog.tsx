import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { UpdateSettingsBody } from '@sgx/contracts';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { tr, useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ApprovalPendingAlert, isApprovalPending } from '../../../ui/ApprovalPendingAlert';
import { TableScroll } from '../../../ui/TableScroll';
import { messageOr } from '../../content/api/upload';
import { ApprovalSimulation } from '../../simulation/components/ApprovalSimulation';
import { isSimulatedKind } from '../../simulation/simulationView';
import { SETTINGS_NS } from '../i18n';
import type { SettingChange } from '../settingsDraft';

interface SettingsConfirmDialogProps {
  changes: SettingChange[] | null;
  saving: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

const reasonError = (reason: string) => {
  const r = UpdateSettingsBody.shape.reason.safeParse(reason);
  return r.success
    ? null
    : serverText(r.error.issues[0]?.message ?? '') || tr('settings:confirm.reasonNeeded');
};

/**
 * Shows every change (now and new) and asks for the reason that goes into the audit log. A change the API keeps
 * for a second admin (202) shows that it waits, with the changes still listed, and only Close.
 */
export function SettingsConfirmDialog({
  changes,
  saving,
  error,
  onCancel,
  onConfirm,
}: SettingsConfirmDialogProps) {
  const { t } = useT(SETTINGS_NS);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const opened = changes !== null;
  useEffect(() => {
    if (opened) {
      setReason('');
      setTouched(false);
    }
  }, [opened]);

  const waiting = isApprovalPending(error);
  // The change waits for a second admin: its own simulation, as the approver will see it (decision 0069).
  const approval = isApprovalPending(error) ? error.approval : null;
  const simulated = approval !== null && isSimulatedKind(approval.kind);
  const problem = reasonError(reason);
  const closing = (changes ?? []).filter((c) => c.key.startsWith('features.') && c.after === t('draft.off'));
  const submit = () => {
    setTouched(true);
    if (problem === null) onConfirm(reason.trim());
  };

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('confirm.title')}
      centered
      size={simulated ? 'xl' : 'lg'}
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
    >
      <Stack gap="md">
        <Text size="sm">{t('confirm.intro')}</Text>
        <TableScroll minWidth={420} label={t('confirm.changes')}>
          <Table striped fz="sm" verticalSpacing={6} aria-label={t('confirm.changes')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('confirm.setting')}</Table.Th>
                <Table.Th>{t('confirm.now')}</Table.Th>
                <Table.Th>{t('confirm.new')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(changes ?? []).map((c) => (
                <Table.Tr key={c.key}>
                  <Table.Td>{c.label}</Table.Td>
                  <Table.Td c="dimmed">{c.before}</Table.Td>
                  <Table.Td fw={600}>{c.after}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {closing.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('confirm.refusedTitle')}>
            {t(closing.length === 1 ? 'confirm.refusedOne' : 'confirm.refusedMany', {
              names: closing.map((c) => c.label).join(', '),
            })}
          </Alert>
        )}
        {!waiting && (
          <Textarea
            label={t('confirm.reason')}
            description={t('confirm.reasonHelp')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? problem : null}
            data-autofocus
          />
        )}
        {waiting && <ApprovalPendingAlert pending={error} />}
        {approval !== null && simulated && <ApprovalSimulation approvalId={approval.id} />}
        {!waiting && error !== null && error !== undefined && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('confirm.notSaved')}>
            {messageOr(error, t('confirm.failed'))}
          </Alert>
        )}
        {waiting ? (
          <Group justify="flex-end">
            <Button onClick={onCancel}>{t('confirm.close')}</Button>
          </Group>
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('confirm.back')}
            </Button>
            <Button onClick={submit} loading={saving}>
              {t('confirm.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
