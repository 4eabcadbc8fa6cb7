import { Alert, Button, Stack, Text } from '@mantine/core';
import type { QueueCountsResponse } from '@sgx/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { formatDateTime } from '../../../ui/format';
import { SHELL_NS } from '../../../ui/i18n';

/** A path inside the app ("/admin/solvency"), not another site's ("//host"). */
const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//');

export type StaffAlert = z.infer<typeof QueueCountsResponse>['alerts'][number];

/**
 * The open staff alerts (the solvency runway below its threshold, ...), a red banner each at the top of every
 * back-office page until the queue counts no longer list them (they close on their own when the cause recovers).
 * Every staff member sees them; the link to the page that explains one is offered to the roles that open it.
 */
export function StaffAlerts({
  alerts,
  mayOpen,
}: {
  alerts: readonly StaffAlert[] | undefined;
  /** Whether the staff member's roles open a back-office path (the menu's rule). */
  mayOpen: (path: string) => boolean;
}) {
  const { t } = useT(SHELL_NS);
  if (alerts === undefined || alerts.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="staff-alerts">
      {alerts.map((a) => (
        <Alert
          key={`${a.kind}|${a.opened_at}`}
          color="red"
          variant="filled"
          icon={<IconAlertTriangle size={20} />}
          title={t('frame.staffAlert')}
          role="alert"
          data-testid="staff-alert"
          data-kind={a.kind}
        >
          <Stack gap={6} align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {serverText(a.message)}
            </Text>
            <Text size="xs">{t('frame.alertSince', { time: formatDateTime(a.opened_at) })}</Text>
            {a.link !== null && isAppPath(a.link) && mayOpen(a.link) && (
              <Button component={Link} to={a.link} size="xs" variant="white" color="red">
                {t('frame.alertOpen')}
              </Button>
            )}
            {a.link !== null && /^https:\/\//.test(a.link) && (
              <Button component="a" href={a.link} size="xs" variant="white" color="red">
                {t('frame.alertOpen')}
              </Button>
            )}
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
