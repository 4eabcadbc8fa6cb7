import { LegalDocument, type LegalSection } from '../../modules/legal/components/LegalDocument';

/** The privacy notice's sections (texts: i18n/<language>/legal.json, privacy.*). */
const sections: LegalSection[] = [
  ['who', 1, 0],
  ['data', 0, 5],
  ['passwords', 2, 0],
  ['why', 0, 5],
  ['sharing', 2, 0],
  ['retention', 1, 0],
  ['rights', 0, 4],
  ['security', 1, 0],
  ['changes', 1, 0],
];

export default function PrivacyPage() {
  return <LegalDocument doc="privacy" sections={sections} />;
}
