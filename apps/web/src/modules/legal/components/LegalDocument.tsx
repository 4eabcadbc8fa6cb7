import { Container, List, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { useDocumentTitle } from '../../../ui/PageShell';
import { LEGAL_NS } from '../i18n';

/** A section of a legal page: its key in the `legal` texts, then how many paragraphs (p1...) and bullets (b1...). */
export type LegalSection = readonly [key: string, paragraphs: number, bullets: number];

interface LegalDocumentProps {
  /** The document's texts in the `legal` namespace: title, updated, intro and one group per section. */
  doc: 'privacy' | 'terms';
  sections: readonly LegalSection[];
}

const count = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
/** The only markup the legal texts use: bold words at the start of a paragraph or bullet. */
const bold = { b: <b /> };

/** A readable long-form page (privacy notice, terms) with numbered sections, in the member's language. */
export function LegalDocument({ doc, sections }: LegalDocumentProps) {
  const { t } = useT(LEGAL_NS);
  const title = t(`${doc}.title`);
  useDocumentTitle(title);
  const rich = (key: string) => <RichText text={t(key)} components={bold} />;
  return (
    <Container size="sm" py={{ base: 32, md: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 30, md: 40 }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('lastUpdated', { date: t(`${doc}.updated`) })}
          </Text>
        </div>
        <Text>{t(`${doc}.intro`)}</Text>
        {sections.map(([key, paragraphs, bullets], i) => (
          <Stack key={key} gap="xs" component="section">
            <Title order={2} fz="xl">
              {i + 1}. {t(`${doc}.${key}.heading`)}
            </Title>
            {count(paragraphs).map((j) => (
              <Text key={j}>{rich(`${doc}.${key}.p${j}`)}</Text>
            ))}
            {bullets > 0 && (
              <List spacing={4}>
                {count(bullets).map((j) => (
                  <List.Item key={j}>{rich(`${doc}.${key}.b${j}`)}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
