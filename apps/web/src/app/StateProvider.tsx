import { createContext, type ReactNode } from 'react';
import { type AppStore, store as appStore } from './store';

/** The store the components read (app/hooks.ts); the app's one store unless a test gives another. */
export const StoreContext = createContext<AppStore>(appStore);

/** The global state provider of spec 2.12. */
export function StateProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/**
 * The persisted-state gate of spec 2.12: nothing is drawn until the stored session is back. The store reads it
 * synchronously when it is created (app/store.ts), so the gate is open by the first render.
 */
export function PersistGate({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
