import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import type { MissingChain, useChainSwitch } from '../hooks/useChainSwitch';
import { WEB3_NS } from '../i18n';

interface AddChainDialogProps {
  missing: MissingChain | null;
  adding: boolean;
  error: string | null;
  onAdd: () => void;
  onClose: () => void;
}

/** The wallet does not know a chain yet: offer to add it with the platform's settings, then switch. */
export function AddChainDialog({ missing, adding, error, onAdd, onClose }: AddChainDialogProps) {
  const { t } = useT(WEB3_NS);
  const p = missing?.parameter;
  return (
    <Modal
      opened={missing !== null}
      onClose={onClose}
      title={p ? t('addChain.title', { chain: p.chainName }) : t('addChain.titleGeneric')}
      centered
      closeOnClickOutside={!adding}
      closeOnEscape={!adding}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      {p !== undefined && (
        <Stack gap="sm">
          <Text size="sm">{t('addChain.body', { chain: p.chainName })}</Text>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('addChain.endpoint')}
            </Text>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {p.rpcUrls[0] ?? '-'}
            </Text>
            {p.blockExplorerUrls?.[0] !== undefined && (
              <>
                <Text size="xs" c="dimmed" mt={4}>
                  {t('addChain.explorer')}
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
              {t('dialog.goBack')}
            </Button>
            <Button onClick={onAdd} loading={adding}>
              {t('addChain.add')}
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
