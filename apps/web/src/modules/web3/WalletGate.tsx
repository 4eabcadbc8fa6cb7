import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { WEB3_HEADER_NS } from './headerI18n';
import { useWalletRuntime } from './WalletProvider';

interface WalletGateProps {
  /** Wallet-using components (lazy ones welcome): rendered once the wallet runtime is ready. */
  children: ReactNode;
  /** Shown while the wallet code and the chains load: a small skeleton of what comes. */
  fallback: ReactNode;
  /** How a failure shows; the default is an inline Alert with Retry. */
  renderError?: (error: unknown, retry: () => void) => ReactNode;
}

/**
 * Renders its children inside the wallet context once the wallet code has loaded (see WalletProvider),
 * and a skeleton until then, so no wagmi hook ever runs without its config.
 */
export function WalletGate({ children, fallback, renderError }: WalletGateProps) {
  const { state, retry } = useWalletRuntime();
  if (state.status === 'ready') {
    const { Provider, config } = state.runtime;
    return (
      <Provider value={config}>
        <Suspense fallback={fallback}>{children}</Suspense>
      </Provider>
    );
  }
  if (state.status === 'error') {
    return renderError !== undefined ? (
      renderError(state.error, retry)
    ) : (
      <WalletUnavailable error={state.error} onRetry={retry} />
    );
  }
  return fallback;
}

export function WalletUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT(WEB3_HEADER_NS);
  return (
    <Alert color="orange" icon={<IconPlugConnectedX size={18} />} title={t('header.gateTitle')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('header.gateBody', { reason: errorMessage(error) })}</Text>
        <Button size="xs" variant="light" color="orange" onClick={onRetry}>
          {t('header.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
