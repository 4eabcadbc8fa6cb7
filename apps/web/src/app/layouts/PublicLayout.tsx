import { Anchor, Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { useT } from '../../i18n/i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { useSession } from '../../modules/auth/hooks/useSession';
import { Spinner } from '../../ui/Spinner';
import { adminHome, memberHome } from '../homes';
import { Logo } from './Logo';
import { MAIN_CONTENT_ID } from './SkipLink';

/** Frame of the public pages: a slim header with the sign-in actions, the page, and a footer. */
export function PublicLayout() {
  const { t } = useT();
  const session = useSession();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            {session === null ? (
              <Group gap="xs" wrap="nowrap">
                <Button component={Link} to="/login" variant="subtle" size="sm">
                  {t('app.signIn')}
                </Button>
                <Button component={Link} to="/registration" size="sm">
                  {t('app.join')}
                </Button>
              </Group>
            ) : session.secondFactor === 'ok' ? (
              <Button component={Link} to={session.role === 'admin' ? adminHome : memberHome} size="sm">
                {t('app.dashboard')}
              </Button>
            ) : // The second factor is still owed: no way in yet; the step's page has Sign out.
            null}
          </Group>
        </Container>
      </Box>
      {/* The footer waits with the page: shown under the spinner, it would be pushed down when a long
          page arrives (a layout shift). */}
      <Suspense
        fallback={
          <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1 }}>
            <Spinner loading />
          </Box>
        }
      >
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <PublicFooter />
        <TakenOver />
      </Suspense>
    </Box>
  );
}

/**
 * A page drawn at build time comes with its forms and controls inert (decision 0050: nothing is typed, picked or
 * submitted before the app can take it, so nothing is lost); this runs once the page and the footer are the app's
 * (hydrated with them: the same Suspense boundary), and makes them live.
 */
function TakenOver() {
  useEffect(() => {
    for (const drawn of document.querySelectorAll('#root [data-drawn-inert]')) {
      drawn.removeAttribute('inert');
      drawn.removeAttribute('data-drawn-inert');
    }
  }, []);
  return null;
}

function PublicFooter() {
  const { t } = useT();
  return (
    <Box
      component="footer"
      py="lg"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg">
        <Stack gap={6}>
          <Group gap="md" align="center">
            {/* Not lazy (1 kB): in its own Suspense boundary it would be taken over after the rest of a drawn page,
                and a language picked on its drawn control before then would be lost (decision 0050). */}
            <LanguageSwitch size="xs" />
            <Anchor component={Link} to="/privacy" size="sm">
              {t('app.privacy')}
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm">
              {t('app.terms')}
            </Anchor>
            <Anchor component={Link} to="/admin-login" size="sm" c="dimmed">
              {t('app.staffSignIn')}
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed">
            {t('app.riskNote')}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
