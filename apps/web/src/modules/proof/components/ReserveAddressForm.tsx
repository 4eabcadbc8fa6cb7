import { Button, Card, Code, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { chainName, SUPPORTED_CHAINS } from '@sgx/chain';
import { type FormEvent, useState } from 'react';
import { getAddress, isAddress } from 'viem';
import { useT } from '../../../i18n/i18n';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { StaffFieldset } from '../../../ui/StaffOnly';
import { useAddReserve } from '../api/proofAdminApi';
import { PROOF_NS } from '../i18n';
import { RESERVE_PREFIX } from '../reserves';

export type ReserveDraft = { address: string; label: string; date: string; chain_ids: string[] };

/**
 * Adds a reserve address: the exact message to sign is shown as it is typed; the server checks the signature
 * before keeping it (a wrong one is refused and nothing is stored).
 */
export function ReserveAddressForm({
  draft,
  onDraft,
}: {
  draft: ReserveDraft;
  onDraft: (d: ReserveDraft) => void;
}) {
  const { t } = useT(PROOF_NS);
  const add = useAddReserve();
  const [network, setNetwork] = useState<'EVM' | 'TRON'>('EVM');
  const [signature, setSignature] = useState('');
  const typed = draft.address.trim();
  // The server signs over the checksummed form (EIP-55): show exactly that.
  const shown = isAddress(typed, { strict: false }) ? getAddress(typed) : typed;
  const message = `${RESERVE_PREFIX}\nAddress: ${shown}\nDate: ${draft.date}`;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    add.mutate(
      {
        network,
        address: draft.address.trim(),
        label: draft.label.trim(),
        date: draft.date,
        signature: signature.trim(),
        ...(draft.chain_ids.length > 0 ? { chain_ids: draft.chain_ids.map(Number) } : {}),
      },
      {
        onSuccess: () => {
          setSignature('');
          onDraft({ ...draft, address: '', label: '', chain_ids: [] });
        },
      },
    );
  };
  return (
    <Card withBorder padding="md">
      <StaffFieldset area="settings">
        <form onSubmit={submit} aria-label={t('admin.add.title')}>
          <Stack gap="sm">
            <Title order={3} fz="lg">
              {t('admin.add.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('admin.add.hint')}
            </Text>
            {add.isError && <ApiErrorAlert error={add.error} />}
            {add.isSuccess && (
              <Text c="green" role="status">
                {t('admin.add.done', { address: add.data.address })}
              </Text>
            )}
            <Select
              label={t('admin.add.network')}
              data={['EVM', 'TRON']}
              value={network}
              allowDeselect={false}
              onChange={(v) => setNetwork(v === 'TRON' ? 'TRON' : 'EVM')}
            />
            <TextInput
              label={t('admin.add.address')}
              required
              value={draft.address}
              onChange={(e) => onDraft({ ...draft, address: e.currentTarget.value })}
            />
            <TextInput
              label={t('admin.add.label')}
              required
              maxLength={80}
              value={draft.label}
              onChange={(e) => onDraft({ ...draft, label: e.currentTarget.value })}
            />
            <TextInput
              label={t('admin.add.date')}
              required
              placeholder="YYYY-MM-DD"
              value={draft.date}
              onChange={(e) => onDraft({ ...draft, date: e.currentTarget.value })}
            />
            <MultiSelect
              label={t('admin.add.chains')}
              description={t('admin.add.chainsHint')}
              data={SUPPORTED_CHAINS.map((c) => ({ value: String(c.id), label: chainName(c.id) }))}
              value={draft.chain_ids}
              onChange={(v) => onDraft({ ...draft, chain_ids: v })}
              clearable
            />
            <div>
              <Text size="sm" fw={500}>
                {t('admin.add.message')}
              </Text>
              <Code block data-testid="reserve-message">
                {message}
              </Code>
            </div>
            <TextInput
              label={t('admin.add.signature')}
              required
              placeholder="0x…"
              value={signature}
              onChange={(e) => setSignature(e.currentTarget.value)}
            />
            <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('admin.add.submit')}
            </Button>
          </Stack>
        </form>
      </StaffFieldset>
    </Card>
  );
}
