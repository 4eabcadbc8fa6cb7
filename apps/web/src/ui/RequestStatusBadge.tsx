import { Badge } from '@mantine/core';
import { useT } from '../i18n/i18n';
import { SHELL_NS } from './i18n';

const colors: Record<string, string> = {
  pending: 'yellow',
  complete: 'teal',
  completed: 'teal',
  decline: 'red',
  reversed: 'gray',
  active: 'teal',
  ended: 'gray',
  unused: 'indigo',
  redeemed: 'gray',
};

/**
 * A request's or record's status, coloured by meaning; an unknown value shows in a neutral style. `label` words
 * it differently where the page knows better (a member's withdrawal waiting for an admin is "requested").
 */
export function RequestStatusBadge({ status, label }: { status: string; label?: string | undefined }) {
  const { t } = useT(SHELL_NS);
  // A known status in the member's language (decline reads "declined"); any other value as it came.
  const known = Object.hasOwn(colors, status) ? t(`ui.status.${status}`) : status;
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
      {label ?? known}
    </Badge>
  );
}
