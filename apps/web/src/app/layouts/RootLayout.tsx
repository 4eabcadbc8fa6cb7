import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { isExpired, signedOut } from '../../modules/auth/authSlice';
import { AppErrorBoundary } from '../ErrorBoundary';
import { useAppDispatch, useAppSelector } from '../hooks';
import { SkipLink } from './SkipLink';

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

/** Scroll positions of the pages visited in this tab, by history entry. */
const scrollPositions = new Map<string, number>();

/**
 * Scroll restoration: a new page starts at its top (or at the element its #hash names); going back or
 * forward returns to where that page was left.
 */
function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(location.key);
  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => scrollPositions.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      window.history.scrollRestoration = previous;
    };
  }, []);
  useLayoutEffect(() => {
    current.current = location.key;
    const saved = scrollPositions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (location.hash.length > 1) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.hash, navigationType]);
}

export function RootLayout() {
  useSessionExpiry();
  useScrollRestoration();
  const { pathname } = useLocation();
  // The skip link comes first on every page, before any frame's header.
  return (
    <>
      <SkipLink />
      <AppErrorBoundary resetKey={pathname}>
        <Outlet />
      </AppErrorBoundary>
    </>
  );
}
