import { Badge, Group } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import type { TreeNode } from '../api/teamApi';
import { TEAM_NS } from '../i18n';

export function MemberBadges({ node }: { node: TreeNode }) {
  const { t } = useT(TEAM_NS);
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" variant="light" color={node.is_active === 'active' ? 'teal' : 'gray'}>
        {t(`badges.${node.is_active}`)}
      </Badge>
      {node.status === 'block' && (
        <Badge size="sm" variant="filled" color="red">
          {t('badges.blocked')}
        </Badge>
      )}
    </Group>
  );
}
