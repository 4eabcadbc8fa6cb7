import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useT } from '../../../i18n/i18n';
import { SHELL_NS } from '../../../ui/i18n';
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

/**
 * Site popups (GET /notifications/home): each unseen one shows once as a window; closing it marks it
 * seen (PUT /notifications/{id}/seen), and the next one, if any, follows.
 */
export function SitePopup() {
  const { t } = useT(SHELL_NS);
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

  return (
    <Modal
      opened
      onClose={close}
      title={current.title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('ui.close') }}
      data-testid="site-popup"
    >
      <Text style={{ whiteSpace: 'pre-wrap' }}>{current.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={close}>{t('frame.gotIt')}</Button>
      </Group>
    </Modal>
  );
}
