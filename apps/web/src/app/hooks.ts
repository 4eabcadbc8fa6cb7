import { useCallback, useContext, useSyncExternalStore } from 'react';
import { StoreContext } from './StateProvider';
import type { RootState } from './store';

/** The store's dispatch. */
export function useAppDispatch() {
  return useContext(StoreContext).dispatch;
}

/**
 * A value read from the state, the component drawn again when it changes. The selector must return a value
 * kept in the state (or a primitive), not a new object per call.
 */
export function useAppSelector<T>(selector: (state: RootState) => T): T {
  const store = useContext(StoreContext);
  const read = useCallback(() => selector(store.getState()), [selector, store]);
  return useSyncExternalStore(store.subscribe, read, read);
}
