import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { ChainConfig } from '@sgx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { ApiErrorAlert, isRetryable } from '../../../ui/ApiErrorAlert';
import { ApprovalPendingAlert, isApprovalPending } from '../../../ui/ApprovalPendingAlert';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { monoInput } from '../../../ui/inputStyles';
import { chainKeys, saveChainSettings } from '../api/chainsApi';
import {
  type ChainSettingsDraft,
  type ChainSettingsErrors,
  chainSettingsBody,
  chainSettingsChanges,
  chainSettingsErrors,
} from '../chainSettings';
import { WEB3_NS } from '../i18n';

export interface ChainSettingsDialogProps {
  editing: { chain: ChainConfig; draft: ChainSettingsDraft } | null;
  onClose: () => void;
}

/** A chain's settings: edit, review the changes, save (a second admin approves before they apply). */
export function ChainSettingsDialog({ editing, onClose }: ChainSettingsDialogProps) {
  const { t } = useT(WEB3_NS);
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === null ? t('settings.title') : t('settings.titleOf', { chain: editing.chain.name })}
      centered
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      {editing !== null && (
        <ChainSettingsForm
          key={editing.chain.id}
          chain={editing.chain}
          initial={editing.draft}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

/** Edit, then confirm the list of changes; the reason goes to the audit log. */
function ChainSettingsForm({
  chain,
  initial,
  onDone,
}: {
  chain: ChainConfig;
  initial: ChainSettingsDraft;
  onDone: () => void;
}) {
  const { t } = useT(WEB3_NS);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<ChainSettingsErrors>({});
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [key, setKey] = useState(newIdempotencyKey);
  const save = useMutation({
    mutationFn: () => saveChainSettings(chain.id, chainSettingsBody(draft, chain), key),
    onSuccess: ({ message, ...chains }) => {
      queryClient.setQueryData(chainKeys.all, chains);
      toast.success(message);
      onDone();
    },
  });

  const set = <K extends keyof ChainSettingsDraft>(field: K, value: ChainSettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** A text field's value, change handler and error. */
  type TextField = Exclude<keyof ChainSettingsDraft, 'enabled'>;
  const bind = (field: TextField) => ({
    value: draft[field] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      set(field, e.currentTarget.value as ChainSettingsDraft[typeof field]),
    error: errors[field],
  });

  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const found = chainSettingsErrors(draft, chain);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.reset();
    setKey(newIdempotencyKey());
    setStep('confirm');
  };

  if (step === 'confirm') {
    const body = chainSettingsBody(draft, chain);
    const changes = chainSettingsChanges(chain, body);
    const waiting = isApprovalPending(save.error);
    const failed = save.error !== null && !waiting;
    if (waiting) {
      return (
        <Stack gap="sm">
          <ApprovalPendingAlert pending={save.error} />
          <Group justify="flex-end">
            <Button onClick={onDone}>{t('settings.close')}</Button>
          </Group>
        </Stack>
      );
    }
    return (
      <Stack gap="sm">
        {changes.length === 0 ? (
          <Text size="sm">{t('settings.nothing')}</Text>
        ) : (
          <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label={t('settings.changes')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.setting')}</Table.Th>
                <Table.Th>{t('settings.now')}</Table.Th>
                <Table.Th>{t('settings.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((c) => (
                <Table.Tr key={c.label}>
                  <Table.Td>{c.label}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{c.before}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }} fw={600}>
                    {c.after}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {changes.some((c) => c.label === t('chains.tokenContract') || c.label === t('chains.decimals')) && (
          <Alert color="orange" variant="light">
            {t('settings.tokenWarning')}
          </Alert>
        )}
        {changes.some((c) => c.label === t('chains.factory')) && (
          <Alert color="orange" variant="light">
            {t('settings.factoryWarning')}
          </Alert>
        )}
        {changes.some((c) => c.label === t('settings.payoutContract')) && (
          <Alert color="orange" variant="light">
            {t('settings.payoutWarning')}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('settings.reasonLine', { reason: body.reason })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('settings.secondAdmin')}
        </Text>
        {failed && <ApiErrorAlert error={save.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('edit')} disabled={save.isPending}>
            {t('settings.backToEdit')}
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={failed && !isRetryable(save.error)}
          >
            {failed && isRetryable(save.error) ? t('dialog.tryAgain') : t('settings.save')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={review} noValidate aria-label={t('settings.formLabel')}>
      <Stack gap="sm">
        <Switch
          checked={draft.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          label={t('settings.accept')}
        />
        <TextInput
          label={t('chains.tokenContract')}
          description={chain.network === 'TRON' ? t('settings.tokenHintTron') : t('settings.tokenHint')}
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          {...bind('token_address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label={t('chains.symbol')} {...bind('token_symbol')} />
          <TextInput label={t('chains.decimals')} inputMode="numeric" {...bind('token_decimals')} />
          <TextInput label={t('chains.confirmations')} inputMode="numeric" {...bind('confirmations')} />
        </SimpleGrid>
        <TextInput
          label={t('settings.minDeposit')}
          description={t('settings.minDepositHint')}
          inputMode="decimal"
          {...bind('min_deposit')}
        />
        <TextInput
          label={t('chains.factory')}
          description={t('settings.factoryHint')}
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          placeholder={t('settings.none')}
          {...bind('forwarder_factory')}
        />
        <TextInput
          label={t('settings.payoutContract')}
          description={chain.network === 'TRON' ? t('settings.payoutHintTron') : t('settings.payoutHint')}
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          placeholder={t('settings.none')}
          {...bind('payout_contract')}
        />
        <TextInput
          label={t('settings.reason')}
          placeholder={t('settings.reasonPlaceholder')}
          {...bind('reason')}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('dialog.goBack')}
          </Button>
          <Button type="submit">{t('settings.review')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
