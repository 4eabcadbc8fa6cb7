import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ContractAddressBody } from '@sgx/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { contractFailed, contractSaved, useSetContract } from '../api/contractApi';
import { type TokenInfo, tokenErrorMessage } from '../api/tokenApi';
import { TOKEN_NS, tokenText } from '../i18n';

/** The server's own rules and messages (the body of PUT /social-genx/contract). */
const addressRule = ContractAddressBody.shape.contract_address;
const reasonRule = ContractAddressBody.shape.reason;

/** The checksummed address, or the server's message for why it is refused. */
function checkAddress(raw: string, current: string | null): { address: string } | { error: string } {
  const r = addressRule.safeParse(raw);
  if (!r.success)
    return {
      error: serverText(r.error.issues[0]?.message ?? '') || tokenText('contractForm.addressFallback'),
    };
  if (current !== null && current.toLowerCase() === r.data.toLowerCase())
    return { error: tokenText('contractForm.same') };
  return { address: r.data };
}

function checkReason(raw: string): string | null {
  const r = reasonRule.safeParse(raw);
  return r.success
    ? null
    : serverText(r.error.issues[0]?.message ?? '') || tokenText('contractForm.reasonFallback');
}

/**
 * Admin: sets the SGX token's contract address (the setup checklist's "token contract" item). The address
 * and reason are checked by the same rules as the server's; a dialog shows the current and the new address
 * before anything is saved, and the server's refusal is shown in it.
 */
export function ContractAddressForm({ token }: { token: TokenInfo | undefined }) {
  const { t } = useT(TOKEN_NS);
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSetContract();

  const current = token?.contract_address ? token.contract_address : null;
  const checked = checkAddress(address, current);
  const reasonError = checkReason(reason);
  const addressError = touched && 'error' in checked ? checked.error : null;

  const review = () => {
    setTouched(true);
    if ('error' in checked || reasonError !== null) return;
    setSaved(null);
    save.reset();
    setConfirming(checked.address);
  };

  const confirm = (next: string) =>
    save.mutate(
      { address: next, reason: reason.trim() },
      {
        onSuccess: (r) => {
          setSaved(r.data.contract_address ?? next);
          setConfirming(null);
          setAddress('');
          setReason('');
          setTouched(false);
        },
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('contractForm.label')}>
      <Title order={4} mb="xs">
        {current === null ? t('contractForm.setTitle') : t('contractForm.changeTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('contractForm.intro')}
      </Text>
      <form
        noValidate
        aria-label={t('contractForm.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          review();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('contractForm.newAddress')}
            description={t('contractForm.addressHint')}
            placeholder="0x…"
            ff="monospace"
            autoComplete="off"
            spellCheck={false}
            required
            value={address}
            onChange={(e) => {
              setAddress(e.currentTarget.value);
              setSaved(null);
            }}
            onBlur={() => address !== '' && setTouched(true)}
            error={addressError}
            disabled={token === undefined}
          />
          <Textarea
            label={t('contractForm.reason')}
            description={t('contractForm.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={touched ? reasonError : null}
            disabled={token === undefined}
          />
          {saved !== null && (
            <Alert
              role="status"
              color="green"
              variant="light"
              icon={<IconCircleCheck size={18} />}
              title={contractSaved()}
            >
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {saved}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={token === undefined}>
              {t('contractForm.review')}
            </Button>
          </Group>
        </Stack>
      </form>

      {confirming !== null && (
        <Modal
          opened
          onClose={() => !save.isPending && setConfirming(null)}
          title={t('contractForm.confirmTitle')}
          centered
          closeOnClickOutside={!save.isPending}
          closeButtonProps={{ 'aria-label': t('dialog.close') }}
        >
          <Stack gap="md">
            <AddressLine label={t('contractForm.current')} testId="contract-current">
              {current ?? t('contract.notDeployed')}
            </AddressLine>
            <AddressLine label={t('contractForm.new')} testId="contract-new">
              {confirming}
            </AddressLine>
            <Text size="sm" c="dimmed">
              {t('contractForm.notice')}
            </Text>
            {save.isError && (
              <Alert
                role="alert"
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                title={tokenErrorMessage(save.error, contractFailed())}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)} disabled={save.isPending}>
                {t('dialog.cancel')}
              </Button>
              <Button loading={save.isPending} onClick={() => confirm(confirming)}>
                {t('contractForm.save')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}

function AddressLine({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}
