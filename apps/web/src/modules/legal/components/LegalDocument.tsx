import { Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../ui/PageShell';

export interface LegalSection {
  heading: string;
  paragraphs?: ReactNode[];
  bullets?: ReactNode[];
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A readable long-form page (privacy notice, terms) with numbered sections. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <Container size="sm" py={{ base: 32, md: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 30, md: 40 }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Last updated {updated}
          </Text>
        </div>
        <Text>{intro}</Text>
        {sections.map((s, i) => (
          <Stack key={s.heading} gap="xs" component="section">
            <Title order={2} fz="xl">
              {i + 1}. {s.heading}
            </Title>
            {s.paragraphs?.map((p, j) => (
              // Paragraphs are static content in a fixed order.
              // biome-ignore lint/suspicious/noArrayIndexKey: static text never reorders
              <Text key={j}>{p}</Text>
            ))}
            {s.bullets !== undefined && (
              <List spacing={4}>
                {s.bullets.map((b, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static text never reorders
                  <List.Item key={j}>{b}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
