import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ContractAddressBody } from '@sgx/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTRACT_FAILED, CONTRACT_SAVED, useSetContract } from '../api/contractApi';
import { type TokenInfo, tokenErrorMessage } from '../api/tokenApi';

/** The server's own rules and messages (the body of PUT /social-genx/contract). */
const addressRule = ContractAddressBody.shape.contract_address;
const reasonRule = ContractAddressBody.shape.reason;
export const SAME_ADDRESS = 'This is already the contract address.';

/** The checksummed address, or the server's message for why it is refused. */
function checkAddress(raw: string, current: string | null): { address: string } | { error: string } {
  const r = addressRule.safeParse(raw);
  if (!r.success) return { error: r.error.issues[0]?.message ?? 'Enter a BEP20 address.' };
  if (current !== null && current.toLowerCase() === r.data.toLowerCase()) return { error: SAME_ADDRESS };
  return { address: r.data };
}

function checkReason(raw: string): string | null {
  const r = reasonRule.safeParse(raw);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Say why the address changes.');
}

/**
 * Admin: sets the SGX token's contract address (the setup checklist's "token contract" item). The address
 * and reason are checked by the same rules as the server's; a dialog shows the current and the new address
 * before anything is saved, and the server's refusal is shown in it.
 */
export function ContractAddressForm({ token }: { token: TokenInfo | undefined }) {
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
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Set contract address">
      <Title order={4} mb="xs">
        {current === null ? 'Set the contract address' : 'Change the contract address'}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The SGX token's BEP20 contract on BNB Smart Chain. Members see it on their token screen, and their
        on-chain SGX balance is read from it.
      </Text>
      <form
        noValidate
        aria-label="Contract address form"
        onSubmit={(e) => {
          e.preventDefault();
          review();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="New contract address"
            description="0x and 40 hex digits; a mixed-case address must carry a valid checksum."
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
            label="Reason"
            description="Kept in the audit log."
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
              title={CONTRACT_SAVED}
            >
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {saved}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={token === undefined}>
              Review and save
            </Button>
          </Group>
        </Stack>
      </form>

      {confirming !== null && (
        <Modal
          opened
          onClose={() => !save.isPending && setConfirming(null)}
          title="Save the contract address?"
          centered
          closeOnClickOutside={!save.isPending}
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <Stack gap="md">
            <AddressLine label="Current address" testId="contract-current">
              {current ?? 'Not deployed yet'}
            </AddressLine>
            <AddressLine label="New address" testId="contract-new">
              {confirming}
            </AddressLine>
            <Text size="sm" c="dimmed">
              Every member's token screen shows the new address at once.
            </Text>
            {save.isError && (
              <Alert
                role="alert"
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                title={tokenErrorMessage(save.error, CONTRACT_FAILED)}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button loading={save.isPending} onClick={() => confirm(confirming)}>
                Save address
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
