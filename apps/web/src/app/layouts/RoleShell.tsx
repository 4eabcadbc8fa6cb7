import { ActionIcon, Badge, Box, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useSignOut } from '../../modules/auth/hooks/useAuthActions';
import { useSession } from '../../modules/auth/hooks/useSession';
import { SHELL_NS } from '../../ui/i18n';
import { Spinner } from '../../ui/Spinner';
import type { NavSection } from '../navigation';
import { Logo } from './Logo';
import { MAIN_CONTENT_ID } from './SkipLink';

interface RoleShellProps {
  sections: NavSection[];
  home: string;
  /** Where to go after signing out. */
  signInPath: string;
  areaLabel: string;
  /** Extra controls in the header before the account (the member's wallet). */
  headerExtra?: ReactNode;
  /** A count shown beside a menu item, by its path (unread notifications, waiting requests); 0 hides it. */
  badges?: Record<string, { count: number; label: string } | undefined>;
  /** Shown above every page of the area (a blocked member's banner). */
  notice?: ReactNode;
  /** Shown instead of the route's page (a back-office page outside the staff member's role). */
  page?: ReactNode;
  /** Shown under the menu on a phone, where the header has no room for it (the member's language switch). */
  phoneMenuExtra?: ReactNode;
}

/** Where the menu stands beside the page (frame.css, Mantine's md); narrower, it opens over the page. */
const WIDE = '(min-width: 62em)';

/** Responsive app shell of the member and admin areas: header with burger on mobile, menu, sign-out. */
export function RoleShell({
  sections,
  home,
  signInPath,
  areaLabel,
  headerExtra,
  badges,
  notice,
  page,
  phoneMenuExtra,
}: RoleShellProps) {
  const { t } = useT(SHELL_NS);
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  // On a phone the menu is hidden until the burger opens it: its items (about twenty links with their icons) are
  // drawn then, not with the page's first drawing (decision 0052: the phone's main thread).
  // Read at once (not after a first drawing without it), then followed.
  const menuShown = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false }) || opened;

  const onSignOut = () => {
    signOut.mutate(undefined, {
      // The toasts' code loads with the first toast, not with every signed-in page (decision 0046).
      onSuccess: () => {
        const text = t('frame.signedOut');
        void import('react-hot-toast').then(({ default: toast }) => toast.success(text));
      },
      onSettled: () => navigate(signInPath, { replace: true }),
    });
  };

  return (
    <>
      <header className="sgx-frame-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('frame.toggleNavigation')}
            />
            <Logo to={home} compact={headerExtra !== undefined} />
            <Text size="xs" c="dimmed" visibleFrom="sm" tt="uppercase" fw={600}>
              {areaLabel}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerExtra}
            {session !== null && (
              <Stack gap={0} visibleFrom="sm" align="flex-end">
                <Text size="sm" fw={600} lh={1.2}>
                  {session.account.fullname}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {session.account.username}
                </Text>
              </Stack>
            )}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconLogout size={16} />}
              onClick={onSignOut}
              loading={signOut.isPending}
              visibleFrom={headerExtra !== undefined ? 'xs' : undefined}
            >
              {t('frame.signOut')}
            </Button>
            {headerExtra !== undefined && (
              <ActionIcon
                variant="light"
                size="md"
                onClick={onSignOut}
                loading={signOut.isPending}
                aria-label={t('frame.signOut')}
                hiddenFrom="xs"
              >
                <IconLogout size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
      </header>

      <nav
        className="sgx-frame-nav"
        data-opened={opened || undefined}
        aria-label={t('frame.menu', { area: areaLabel })}
      >
        <div>
          {menuShown &&
            sections.map((section) => (
              <Stack key={section.title} gap={2} mb="sm">
                <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt="xs">
                  {section.title}
                </Text>
                {section.items.map((item) => {
                  const badge = badges?.[item.to];
                  return (
                    <NavLink key={item.to} to={item.to} end className="sgx-frame-link" onClick={close}>
                      <item.icon size={18} stroke={1.6} aria-hidden />
                      <span className="sgx-frame-label">{item.label}</span>
                      {badge && badge.count > 0 && (
                        <Badge size="sm" color="red" circle={badge.count < 10} aria-label={badge.label}>
                          {badge.count > 99 ? '99+' : badge.count}
                        </Badge>
                      )}
                    </NavLink>
                  );
                })}
              </Stack>
            ))}
          {menuShown && phoneMenuExtra !== undefined && (
            <Box hiddenFrom="md" px="sm" pb="md" data-testid="phone-menu-extra">
              {phoneMenuExtra}
            </Box>
          )}
        </div>
      </nav>

      {/* The skip link's target (RootLayout): focusable by script only, so Tab goes on to the page. */}
      <main className="sgx-frame-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        {notice}
        <Suspense fallback={<Spinner loading />}>{page ?? <Outlet />}</Suspense>
      </main>
    </>
  );
}
