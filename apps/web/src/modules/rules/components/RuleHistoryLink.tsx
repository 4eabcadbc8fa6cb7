import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { RULES_NS } from '../i18n';

/** "History of rules" (decision 0070): the rule versions page, for whoever may read the settings. */
export function RuleHistoryLink() {
  const { t } = useT(RULES_NS);
  if (!useStaffMay('settings', 'read')) return null;
  return (
    <Button
      component={Link}
      to="/admin/rule-versions"
      variant="default"
      leftSection={<IconHistory size={16} />}
    >
      {t('link.history')}
    </Button>
  );
}
