import { Fragment, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { preferencesSnapshot, subscribePreferences } from './state';

/**
 * When the member changes language or time zone, draws the pages again from the top (keyed), so menus, dates
 * and amounts written outside components follow too. Nothing above it (the session, the data cache) is lost.
 * While a language's texts load the pages wait (Suspense), never English first.
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  const key = useSyncExternalStore(subscribePreferences, preferencesSnapshot, preferencesSnapshot);
  return (
    <Suspense fallback={null}>
      <Fragment key={key}>{children}</Fragment>
    </Suspense>
  );
}
