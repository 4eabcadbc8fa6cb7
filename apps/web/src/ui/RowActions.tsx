import { Button, Group, Text } from '@mantine/core';
import type { StaffAreaName } from '@sgx/contracts/staff-grants';
import { useT } from '../i18n/i18n';
import { useStaffMay } from '../modules/auth/hooks/useStaffMay';
import { SHELL_NS } from './i18n';

/** One button of a table row: `go` (complete, approve) or `stop` (decline, reject, cancel). */
export interface RowAction {
  label: string;
  /** Names the row too ("Decline deposit 12"): screen readers and tests find it by this. */
  ariaLabel: string;
  tone: 'go' | 'stop';
  onClick: () => void;
}

/**
 * The decision buttons at the end of a queue's row (withdrawals, deposits, approvals). An entry that is
 * `false` or `undefined` is left out, so a caller lists what may apply and conditions it inline. Staff whose
 * role may read the queue but not decide in its `area` (decision 0042: compliance, finance on a settings
 * approval) are not offered the buttons; the server refuses them anyway.
 */
export function RowActions({
  actions,
  area = 'money',
}: {
  actions: (RowAction | false | undefined)[];
  area?: StaffAreaName;
}) {
  const { t } = useT(SHELL_NS);
  if (!useStaffMay(area)) {
    return (
      <Text size="xs" c="dimmed">
        {t('ui.readOnly')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      {actions
        .filter((a): a is RowAction => Boolean(a))
        .map((a) => (
          <Button
            key={a.ariaLabel}
            size="compact-sm"
            color={a.tone === 'go' ? 'teal' : 'red'}
            variant={a.tone === 'go' ? 'filled' : 'light'}
            onClick={a.onClick}
            aria-label={a.ariaLabel}
          >
            {a.label}
          </Button>
        ))}
    </Group>
  );
}
