import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '../../auth/hooks/useSession';
import { useMarkSeen, useSitePopups } from '../api/notificationsApi';

// Several screens mount the popup (the member shell and the notifications page); only the first mounted
// one shows it, so a member never sees two windows at once.
const owners: symbol[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
// Closed in this tab, so a popup shows once even when marking it seen failed. Per member and notification.
const dismissed = new Set<string>();

// The window (Mantine's dialog, its focus trap and positioning: about 35 kB gzip) loads only when there is a
// popup to show, never with the member frame, which it used to hold back (decision 0051).
const SitePopupWindow = lazy(() => import('./SitePopupWindow').then((m) => ({ default: m.SitePopupWindow })));

/**
 * Site popups (GET /notifications/home): each unseen one shows once as a window; closing it marks it
 * seen (PUT /notifications/{id}/seen), and the next one, if any, follows.
 */
export function SitePopup() {
  const session = useSession();
  const userId = session !== null && session.role === 'user' ? session.account.id : null;
  const [me] = useState(() => Symbol('site-popup'));
  useEffect(() => {
    owners.push(me);
    emit();
    return () => {
      const at = owners.indexOf(me);
      if (at >= 0) owners.splice(at, 1);
      emit();
    };
  }, [me]);
  const active = useSyncExternalStore(subscribe, () => owners[0] === me);

  const popups = useSitePopups(userId, active);
  const markSeen = useMarkSeen(userId);
  const [, setClosed] = useState(0);

  const current = popups.data?.find((n) => !dismissed.has(`${userId}:${n.id}`));
  if (!active || current === undefined || userId === null) return null;

  const close = () => {
    dismissed.add(`${userId}:${current.id}`);
    setClosed((c) => c + 1);
    markSeen.mutate(current.id);
  };

  // Its own boundary: the page around it never waits for the window's code.
  return (
    <Suspense fallback={null}>
      <SitePopupWindow title={current.title} message={current.message} onClose={close} />
    </Suspense>
  );
}
