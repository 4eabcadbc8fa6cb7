import { LegalDocument, type LegalSection } from '../../modules/legal/components/LegalDocument';

/** The terms' sections (texts: i18n/<language>/legal.json, terms.*). */
const sections: LegalSection[] = [
  ['agreement', 1, 0],
  ['returns', 1, 0],
  ['account', 0, 4],
  ['plans', 0, 5],
  ['money', 0, 5],
  ['token', 1, 0],
  ['fair', 0, 3],
  ['liability', 1, 0],
  ['changes', 1, 0],
];

export default function TermsPage() {
  return <LegalDocument doc="terms" sections={sections} />;
}
