import { Button, Skeleton } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { lazy, useEffect, useState } from 'react';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { Hint } from '../../../ui/Hint';
import { WEB3_HEADER_NS } from '../headerI18n';
import { hasRememberedWallet } from '../rememberedWallet';
import { WalletGate } from '../WalletGate';
import { useWalletRuntimeState } from '../WalletProvider';
import { ConnectWalletButton } from './ConnectWalletButton';

const HeaderWalletControl = lazy(() => import('./HeaderWalletControl'));

/** Runs `task` once the browser is idle (after the page is interactive), or after 2 s at the latest. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}

/**
 * The member header's wallet control. The wallet stack (wagmi, viem) is large and most member pages do not
 * use it (decision 0052), so the header first shows a light "Connect wallet" button that needs none of it: a click
 * loads the stack and opens the connect dialog. The full control (address, network menu) shows as soon as
 * the stack is loaded: at once on the wallet pages that load it themselves, after the page is idle when a
 * connection from an earlier visit is to be restored.
 */
export function WalletHeaderSlot() {
  const { t } = useT(WEB3_HEADER_NS);
  const { state, request, retry } = useWalletRuntimeState();
  const [clicked, setClicked] = useState(false);

  useEffect(() => {
    if (state.status !== 'idle' || !hasRememberedWallet()) return;
    return whenIdle(request);
  }, [state.status, request]);

  if (state.status === 'ready') {
    return (
      <WalletGate
        fallback={
          <Skeleton h={30} w={{ base: 88, sm: 150 }} radius="sm" aria-label={t('header.loadingWallet')} />
        }
      >
        <HeaderWalletControl openDialog={clicked} />
      </WalletGate>
    );
  }
  if (state.status === 'error') {
    return (
      <Hint label={t('header.tryAgainTip', { reason: errorMessage(state.error) })} multiline>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconPlugConnectedX size={16} />}
          onClick={retry}
        >
          {t('header.unavailable')}
        </Button>
      </Hint>
    );
  }
  return (
    <ConnectWalletButton
      loading={state.status === 'loading'}
      onClick={() => {
        setClicked(true);
        request();
      }}
    />
  );
}

export default WalletHeaderSlot;
