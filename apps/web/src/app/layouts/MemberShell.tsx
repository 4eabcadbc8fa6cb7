import { Box, Group } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { useSession } from '../../modules/auth/hooks/useSession';
import { useUnreadCount } from '../../modules/notifications/api/notificationsApi';
import { SitePopup } from '../../modules/notifications/components/SitePopup';
import { BlockedBanner } from '../../modules/users/components/BlockedBanner';
import { WalletHeaderSlot } from '../../modules/web3/components/WalletHeaderSlot';
import { SHELL_NS } from '../../ui/i18n';
import { memberHome, memberNavigation } from '../navigation';
import { RoleShell } from './RoleShell';

// The header's wallet slot is light: the wallet stack (wagmi, viem) loads only when the member asks for it
// or on the pages that use it (decision 0051), never with the member frame.

export function MemberShell() {
  const { t } = useT(SHELL_NS);
  const session = useSession();
  const sections = memberNavigation(session?.account.id ?? 0);
  const unread = useUnreadCount(session !== null).data ?? 0;
  return (
    <RoleShell
      sections={sections}
      home={memberHome}
      signInPath="/login"
      areaLabel={t('frame.memberArea')}
      badges={{ '/user/notifications': { count: unread, label: t('frame.unread', { n: unread }) } }}
      // A blocked member is told why, what is refused and how to reach support, on every page (decision 0035).
      notice={
        <>
          <BlockedBanner />
          {/* Site popups (GET /notifications/home) show once, as a window, wherever a member is. */}
          <SitePopup />
        </>
      }
      phoneMenuExtra={<LanguageSwitch size="xs" />}
      headerExtra={
        <Group gap="xs" wrap="nowrap">
          {/* The language, one click away on a laptop; on a phone it is under the menu (decision 0055). */}
          <Box visibleFrom="md">
            <LanguageSwitch size="xs" />
          </Box>
          <WalletHeaderSlot />
        </Group>
      }
    />
  );
}
