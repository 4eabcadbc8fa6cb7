import { Card, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { STATEMENTS_NS } from '../i18n';
import { StatementControls, StatementDownloads } from './StatementControls';
import { usePeriod } from './usePeriod';

/**
 * For the admin member detail page: a member's statement of one wallet for a month, downloaded as PDF or CSV
 * through the admin route (GET /admin/users/:id/statements/pdf|csv). Shown only to staff whose roles may read
 * money (decision 0042); the server refuses the others anyway.
 */
export function MemberStatementPanel({ memberId }: { memberId: number }) {
  const { t } = useT(STATEMENTS_NS);
  const mayRead = useStaffMay('money', 'read');
  const period = usePeriod();
  if (!mayRead) return null;
  return (
    <Card withBorder padding="md" data-testid="member-statement-panel">
      <Stack gap="sm">
        <div>
          <Title order={4}>{t('panel.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('panel.description')}
          </Text>
        </div>
        <StatementControls period={period} custom={false} />
        <StatementDownloads period={period} memberId={memberId} />
      </Stack>
    </Card>
  );
}
