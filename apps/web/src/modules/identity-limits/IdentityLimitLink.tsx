import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { IDENTITY_LIMITS_NS } from './i18n';
import { isIdentityLimit } from './limitError';

/** The identity page (built with the identity verification), where a member raises their level. */
export const IDENTITY_PAGE = '/user/identity';

/**
 * Under a refusal by an identity limit (any money action: ui/ApiErrorAlert shows it): the way to the identity page
 * that raises the level. Nothing when no level lifts the limit.
 */
export function IdentityLimitLink({ details }: { details: Record<string, string[]> }) {
  const { t } = useT(IDENTITY_LIMITS_NS);
  const next = details.next_level?.[0];
  if (!isIdentityLimit(details) || next === undefined) return null;
  return (
    <Anchor
      component={Link}
      to={IDENTITY_PAGE}
      size="sm"
      mt={4}
      display="block"
      data-testid="identity-limit-link"
    >
      {t('notice.link', { level: next })}
    </Anchor>
  );
}
