import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled card: one section of a page (a form, a table, a summary). */
export function SectionCard({ title, description, actions, children, testId }: SectionCardProps) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="sm">
        <div>
          <Title order={3} fz="lg">
            {title}
          </Title>
          {description !== undefined && (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </Card>
  );
}
