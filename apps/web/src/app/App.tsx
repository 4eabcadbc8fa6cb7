import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { WalletProvider } from '../modules/web3/WalletProvider';
import { AppErrorBoundary } from './ErrorBoundary';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { persistor, store } from './store';
import { theme } from './theme';

/**
 * Mount order of spec 2.12: state > persisted-state gate (renders nothing until the stored session is back)
 * > data cache > wallet provider (wagmi needs the data cache above it; its code loads only when a wallet
 * screen asks, see WalletProvider) > UI theme > the app.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <QueryClientProvider client={queryClient}>
          <WalletProvider>
            <MantineProvider theme={theme} defaultColorScheme="light">
              <AppErrorBoundary>
                <RouterProvider router={router} />
              </AppErrorBoundary>
              <Toaster position="top-right" />
            </MantineProvider>
          </WalletProvider>
        </QueryClientProvider>
      </PersistGate>
    </Provider>
  );
}
