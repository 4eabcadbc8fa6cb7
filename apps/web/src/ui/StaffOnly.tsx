import { Text } from '@mantine/core';
import type { Grant, StaffAreaName } from '@sgx/contracts/staff-grants';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { useStaffCheck, useStaffMay } from '../modules/auth/hooks/useStaffMay';
import { SHELL_NS } from './i18n';

/**
 * Shows `children` (a form, a button) only to staff whose role may change things in `area` (decision 0042:
 * a page or button the role may not use is not offered; the server refuses it anyway). Others see `fallback`,
 * by default nothing; `note` shows "Read only for your role" in its place.
 */
export function StaffOnly({
  area,
  grant = 'write',
  note = false,
  children,
}: {
  area: StaffAreaName;
  grant?: Grant;
  note?: boolean;
  children: ReactNode;
}) {
  const { t } = useT(SHELL_NS);
  if (useStaffMay(area, grant)) return <>{children}</>;
  return note ? (
    <Text size="sm" c="dimmed" data-testid="read-only-note">
      {t('ui.readOnly')}
    </Text>
  ) : null;
}

/**
 * A form a role may read but not change (compliance on the settings, decision 0042): its fields stay visible,
 * disabled by the browser's own `<fieldset disabled>`, under "Read only for your role". Staff who may change
 * `area` get the form as it is.
 */
export function StaffFieldset({ area, children }: { area: StaffAreaName; children: ReactNode }) {
  const { t } = useT(SHELL_NS);
  if (useStaffMay(area)) return <>{children}</>;
  return (
    <fieldset disabled data-read-only style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text size="sm" c="dimmed" mb="xs" data-testid="read-only-note">
        {t('ui.readOnly')}
      </Text>
      {children}
    </fieldset>
  );
}

/**
 * The tabs of a page the staff member may read, each tab naming its area (decision 0042), and the tab to show:
 * the one asked for when it is readable, else the first readable one.
 */
export function useStaffTabs<T extends { value: string; area: StaffAreaName }>(
  tabs: readonly T[],
  asked: string | null,
): { shown: readonly T[]; tab: T['value'] } {
  const check = useStaffCheck();
  const shown = check === null ? tabs : tabs.filter((x) => check(x.area, 'read'));
  const first = (shown[0] ?? tabs[0])?.value as T['value'];
  return { shown, tab: shown.find((x) => x.value === asked)?.value ?? first };
}
