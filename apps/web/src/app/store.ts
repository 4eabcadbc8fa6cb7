import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { WebStorage } from 'redux-persist';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { authSlice } from '../modules/auth/authSlice';

/**
 * Browser local storage for redux-persist. Written here because the package's CommonJS storage module
 * reaches ES builds as `{ default }` and fails at start.
 */
const storage: WebStorage = {
  getItem: (key: string) => Promise.resolve(window.localStorage.getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(window.localStorage.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(window.localStorage.removeItem(key)),
};

/** Only the auth slice survives a reload (spec 4), with a 5000 ms rehydrate time-out (spec 9). */
export const authPersistConfig = { key: 'auth', storage, timeout: 5000 };

const rootReducer = combineReducers({
  auth: persistReducer(authPersistConfig, authSlice.reducer),
});

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) =>
    getDefault({
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }),
});

export const persistor = persistStore(store);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
