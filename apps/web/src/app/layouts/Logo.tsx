import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';

/** The brand mark and name; `compact`: the name only from the xs breakpoint up (crowded phone headers). */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  const { t } = useT();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" aria-label={t('app.brandHome')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={32}
          radius="md"
          variant="gradient"
          gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
        >
          <IconTrendingUp size={20} />
        </ThemeIcon>
        <Text fw={800} size="lg" lh={1} visibleFrom={compact ? 'xs' : undefined}>
          SocialGenX
        </Text>
      </Group>
    </Anchor>
  );
}
