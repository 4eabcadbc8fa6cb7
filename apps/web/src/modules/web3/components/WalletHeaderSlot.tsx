import { Button, Skeleton, Tooltip } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { lazy } from 'react';
import { errorMessage } from '../../../app/apiError';
import { WalletGate } from '../WalletGate';

const HeaderWalletControl = lazy(() => import('./HeaderWalletControl'));

/** The member header's wallet control; a small skeleton while the wallet code loads. */
export function WalletHeaderSlot() {
  return (
    <WalletGate
      fallback={<Skeleton h={30} w={{ base: 88, sm: 150 }} radius="sm" aria-label="Loading wallet" />}
      renderError={(error, retry) => (
        <Tooltip label={`${errorMessage(error)} Click to try again.`} multiline w={240}>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconPlugConnectedX size={16} />}
            onClick={retry}
          >
            Wallet unavailable
          </Button>
        </Tooltip>
      )}
    >
      <HeaderWalletControl />
    </WalletGate>
  );
}

export default WalletHeaderSlot;
