import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MissingChain, useChainSwitch } from '../hooks/useChainSwitch';

interface AddChainDialogProps {
  missing: MissingChain | null;
  adding: boolean;
  error: string | null;
  onAdd: () => void;
  onClose: () => void;
}

/** The wallet does not know a chain yet: offer to add it with the platform's settings, then switch. */
export function AddChainDialog({ missing, adding, error, onAdd, onClose }: AddChainDialogProps) {
  const p = missing?.parameter;
  return (
    <Modal
      opened={missing !== null}
      onClose={onClose}
      title={p ? `Add ${p.chainName} to your wallet?` : 'Add network'}
      centered
      closeOnClickOutside={!adding}
      closeOnEscape={!adding}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {p !== undefined && (
        <Stack gap="sm">
          <Text size="sm">
            Your wallet does not have {p.chainName} yet. Add it with these settings, then your wallet switches
            to it. Your wallet asks you to approve.
          </Text>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Network endpoint
            </Text>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {p.rpcUrls[0] ?? '-'}
            </Text>
            {p.blockExplorerUrls?.[0] !== undefined && (
              <>
                <Text size="xs" c="dimmed" mt={4}>
                  Block explorer
                </Text>
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {p.blockExplorerUrls[0]}
                </Text>
              </>
            )}
          </Stack>
          {error !== null && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={adding}>
              Go back
            </Button>
            <Button onClick={onAdd} loading={adding}>
              Add network
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** AddChainDialog wired to a `useChainSwitch()`: adds the missing chain, then switches to it. */
export function MissingChainDialog({ chainSwitch }: { chainSwitch: ReturnType<typeof useChainSwitch> }) {
  return (
    <AddChainDialog
      missing={chainSwitch.missing}
      adding={chainSwitch.adding}
      error={chainSwitch.addError}
      onAdd={() => void chainSwitch.addMissing()}
      onClose={chainSwitch.dismissMissing}
    />
  );
}
