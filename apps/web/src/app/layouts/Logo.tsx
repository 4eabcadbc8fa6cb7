import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" aria-label="SocialGenX home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={32}
          radius="md"
          variant="gradient"
          gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
        >
          <IconTrendingUp size={20} />
        </ThemeIcon>
        <Text fw={800} size="lg" lh={1}>
          SocialGenX
        </Text>
      </Group>
    </Anchor>
  );
}
