import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { isExpired, signedOut } from '../../modules/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../hooks';

/** Longest delay a browser timer accepts (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** Ends the local session the moment it expires, so guards react without a reload. */
function useSessionExpiry() {
  const dispatch = useAppDispatch();
  const expireAt = useAppSelector((s) => s.auth.expireAt);
  const signedInNow = useAppSelector((s) => s.auth.auth !== null);
  useEffect(() => {
    if (!signedInNow) return;
    if (isExpired(expireAt)) {
      dispatch(signedOut());
      return;
    }
    const end = expireAt === null ? 0 : Date.parse(expireAt);
    const timer = window.setTimeout(() => dispatch(signedOut()), Math.min(end - Date.now(), MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [dispatch, expireAt, signedInNow]);
}

export function RootLayout() {
  useSessionExpiry();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
