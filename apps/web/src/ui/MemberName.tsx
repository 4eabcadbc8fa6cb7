import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../i18n/i18n';
import { Hint } from './Hint';
import { SHELL_NS } from './i18n';

interface MemberNameProps {
  /** The member's full name; an empty one shows the username alone. */
  name: string | null | undefined;
  username: string;
  /** The member's number, shown on hover and focus. */
  id: number;
  /** Where the username links to (an admin's view of the member). */
  to?: string;
}

/** A member as plain text: "Asha Rao · SGX399219" (the username alone when there is no name). */
export function memberLabel(m: { fullname: string | null | undefined; username: string }): string {
  const name = m.fullname?.trim() ?? '';
  return name === '' ? m.username : `${name} · ${m.username}`;
}

/**
 * How admin tables name a member: "Asha Rao · SGX399219", the username linking to the member when `to`
 * is given, and the member's number on hover or focus.
 */
export function MemberName({ name, username, id, to }: MemberNameProps) {
  const { t } = useT(SHELL_NS);
  const fullname = name?.trim() ?? '';
  return (
    <Hint label={t('ui.member', { id })}>
      <span data-member-id={id} style={{ overflowWrap: 'anywhere' }}>
        {fullname !== '' && (
          <Text span size="sm" fw={600}>
            {fullname}
          </Text>
        )}
        {fullname !== '' && ' · '}
        {to === undefined ? (
          <Text span size="sm" ff="monospace">
            {username}
          </Text>
        ) : (
          <Anchor component={Link} to={to} size="sm" ff="monospace">
            {username}
          </Anchor>
        )}
      </span>
    </Hint>
  );
}
