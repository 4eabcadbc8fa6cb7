// Mantine's base styles and those of the components the app uses (vite-plugins/mantineStyles.ts), not all of them.
import './mantine.css';
import './contrast.css';
// The signed-in frames' layout (RoleShell): in the one stylesheet, so a member page does not wait for a second
// one after the frame's code (decision 0051).
import './layouts/frame.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from 'react-hot-toast';
import { I18nRoot } from '../i18n/I18nRoot';
import { PreferencesSync } from '../i18n/PreferencesSync';
import { useSession } from '../modules/auth/hooks/useSession';
import { WalletProvider } from '../modules/web3/WalletProvider';
import { AppErrorBoundary } from './ErrorBoundary';
import { afterPaint, firstRenderCommitted } from './firstPaint';
import { createQueryClient } from './queryClient';
import { AppRouter } from './router';
import { PersistGate, StateProvider } from './StateProvider';
import { store } from './store';
import { cssVariablesResolver, theme } from './theme';

// Should its code fail to download, the app goes on without toasts rather than failing.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  import('react-hot-toast').then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

/**
 * The toasts' container. Only the member and admin areas raise toasts (the last one, "Signed out", shows on
 * the sign-in page after them), so the container loads once a session has existed in this page, never for
 * a visitor who only reads the public pages (decision 0046), and after the page's first drawing, whose downloads
 * it would otherwise join (decision 0046); a toast raised before it is there waits for it.
 */
function DeferredToaster() {
  const signedIn = useSession() !== null;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!signedIn || wanted) return;
    return afterPaint(() => setWanted(true));
  }, [signedIn, wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" />
    </Suspense>
  );
}

/**
 * Mount order of spec 2.12: state > persisted-state gate (renders nothing until the stored session is back)
 * > data cache > wallet provider (wagmi needs the data cache above it; its code loads only when a wallet
 * screen asks, see WalletProvider) > UI theme > translations (I18nRoot: the member's language and time zone,
 * the pages drawn again when either changes; PreferencesSync applies the profile's after sign-in) > the app.
 */
export function App({ location }: { location?: string | undefined } = {}) {
  const [queryClient] = useState(createQueryClient);
  useEffect(firstRenderCommitted, []);
  return (
    <StateProvider store={store}>
      <PersistGate>
        <QueryClientProvider client={queryClient}>
          <WalletProvider>
            <MantineProvider
              theme={theme}
              cssVariablesResolver={cssVariablesResolver}
              defaultColorScheme="light"
            >
              <I18nRoot>
                <AppErrorBoundary>
                  <AppRouter location={location} />
                </AppErrorBoundary>
              </I18nRoot>
              <PreferencesSync />
              <DeferredToaster />
            </MantineProvider>
          </WalletProvider>
        </QueryClientProvider>
      </PersistGate>
    </StateProvider>
  );
}
