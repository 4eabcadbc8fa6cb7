import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import type { WalletStage } from '../hooks/useSwitchThenSend';
import { WEB3_NS } from '../i18n';

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
  const { t } = useT(WEB3_NS);
  return (
    <>
      {stage !== null && (
        <Text size="sm" fw={600} role="status">
          {stage === 'switch' ? t('stage.approveSwitch') : sendText}
        </Text>
      )}
      {error !== null && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('stage.nothingSent')} role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
