import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface FigureProps {
  label: string;
  /** The figure itself (an amount, a percentage, a count of days). */
  children: ReactNode;
  /** One plain sentence: what the figure means, for an operator. */
  help: ReactNode;
  /** Notes under the sentence (a mismatch, a partial reading, a split). */
  extra?: ReactNode;
  testId: string;
}

/** One figure of the solvency report with, under it, what it means. */
export function Figure({ label, children, help, extra, testId }: FigureProps) {
  return (
    <Card withBorder radius="lg" padding="md" h="100%" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fw={800} fz="xl" data-testid="value" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
      <Text size="sm" c="dimmed" mt={4} data-testid="help">
        {help}
      </Text>
      {extra !== undefined && (
        <Text size="sm" component="div" mt={6}>
          {extra}
        </Text>
      )}
    </Card>
  );
}

/** A ratio that could not be computed: a dash and why. */
export function NoFigure({ dash, reason }: { dash: string; reason: string }) {
  return (
    <>
      {dash}{' '}
      <Text span size="sm" c="dimmed" fw={400}>
        ({reason})
      </Text>
    </>
  );
}
