import { Badge, Group } from '@mantine/core';
import type { TreeNode } from '../api/teamApi';

export function MemberBadges({ node }: { node: TreeNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" variant="light" color={node.is_active === 'active' ? 'teal' : 'gray'}>
        {node.is_active}
      </Badge>
      {node.status === 'block' && (
        <Badge size="sm" variant="filled" color="red">
          blocked
        </Badge>
      )}
    </Group>
  );
}
