import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminHome } from '../app/homes';
import { useT } from '../i18n/i18n';
import { SHELL_NS } from './i18n';
import { PageShell } from './PageShell';

/**
 * A back-office page opened outside the staff member's role (decisions 0054, 0042): one clear state, none of
 * the page's tools, filters or exports, and no Retry (the role would refuse it again); the way back is the menu,
 * which lists what the role opens.
 */
export function NotInYourRole() {
  const { t } = useT(SHELL_NS);
  return (
    <PageShell title={t('role.title')}>
      <Alert color="gray" icon={<IconLock size={18} />} data-testid="not-in-your-role">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('role.text')}</Text>
          <Button component={Link} to={adminHome} variant="default" size="xs">
            {t('role.home')}
          </Button>
        </Stack>
      </Alert>
    </PageShell>
  );
}
