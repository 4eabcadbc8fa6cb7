import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { WalletStage } from '../hooks/useSwitchThenSend';

/** What the wallet is asked now ("Approve the network switch…"), or why nothing was sent. */
export function WalletStageNotice({
  stage,
  error,
  sendText,
}: {
  stage: WalletStage | null;
  error: string | null;
  /** The wallet's second request, e.g. "Confirm the transfer in your wallet…". */
  sendText: string;
}) {
  return (
    <>
      {stage !== null && (
        <Text size="sm" fw={600} role="status">
          {stage === 'switch' ? 'Approve the network switch in your wallet…' : sendText}
        </Text>
      )}
      {error !== null && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Nothing was sent" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
