import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

interface PageShellProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every signed-in page: a title, an optional line under it, actions, and the content. */
export function PageShell({ title, description, actions, children }: PageShellProps) {
  useDocumentTitle(title);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description !== undefined && (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | SocialGenX`;
  }, [title]);
}
