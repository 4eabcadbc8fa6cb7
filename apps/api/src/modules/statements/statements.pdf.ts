import { createRequire } from 'node:module';
import { formatAmount, parseUnits } from '@sgx/money';
import PDFDocument from 'pdfkit';
// The ledger's rule names in English: the web app's own texts, their one home (the PDF is English, decision 0043).
import transactionsEnglish from '../../../../web/src/i18n/en/transactions.json';
import { PLATFORM_NAME, type Statement } from './statements.service';

/** A4 in points, and the page margin. */
const MARGIN = 40;
const PAGE_HEIGHT = 841.89;
const BOTTOM = PAGE_HEIGHT - MARGIN - 30;
const ROW = 14;

/** The table's columns: x offset from the margin, width, alignment. */
const columns = [
  { title: 'Date (UTC)', width: 80, align: 'left' },
  { title: 'Rule', width: 84, align: 'left' },
  { title: 'Reference', width: 211, align: 'left' },
  { title: 'Amount', width: 70, align: 'right' },
  { title: 'Balance after', width: 70, align: 'right' },
] as const;

const walletNames: Record<Statement['wallet'], string> = {
  deposit: 'Deposit wallet',
  working: 'Working wallet',
  non_working: 'Non-working wallet',
  compound: 'Compound wallet',
  sgx: 'SGX token wallet',
};

/**
 * The standard PDF fonts (Helvetica, Courier) hold Latin text only; a Hindi name or memo is written in Noto Sans
 * Devanagari (embedded: the `@fontsource/noto-sans-devanagari` package's file), run by run, so the PDF reads as the
 * CSV does (the app's languages are English, Spanish and Hindi).
 */
const DEVANAGARI = 'NotoSansDevanagari';
const devanagariRun = /([\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D]+)/;
let devanagariFile: string | undefined;
function devanagariFont(): string {
  devanagariFile ??= createRequire(import.meta.url).resolve(
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  );
  return devanagariFile;
}

/**
 * Writes `text` in `font`, its Devanagari runs in the Devanagari font, as one line or paragraph (at `x`, `y`
 * when given). Latin-only text is one plain call, as before.
 */
function write(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  at: { x: number; y: number } | null,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = text.split(devanagariRun).filter((r) => r !== '');
  if (runs.length <= 1 && !devanagariRun.test(text)) {
    doc.font(font);
    if (at) doc.text(text, at.x, at.y, options);
    else doc.text(text, options);
    return;
  }
  runs.forEach((run, i) => {
    doc.font(devanagariRun.test(run) ? DEVANAGARI : font);
    const opts = { ...options, continued: i < runs.length - 1 };
    if (i === 0 && at) doc.text(run, at.x, at.y, opts);
    else doc.text(run, opts);
  });
}

/** An amount as people read it: USD to the cent, SGX with its decimals (decision 0055; the CSV keeps it exact). */
const money = (s: Statement, value: string) => formatAmount(parseUnits(value), s.asset);

/** A rule key ("retopup") in words ("Re-top-up"); an unknown key with its underscores as spaces. */
const ruleNames: Record<string, string> = transactionsEnglish.source;
const ruleName = (rule: string) =>
  Object.hasOwn(ruleNames, rule) ? (ruleNames[rule] as string) : rule.replace(/_/g, ' ');

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The statement as an A4 PDF (pdfkit): the platform's name, the member, the wallet and the period, the opening
 * balance, every posting with its running balance, the closing balance and the checksum of the statement's
 * canonical CSV (decision 0043), on every page's foot as well.
 */
export function statementPdf(s: Statement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${PLATFORM_NAME} statement ${s.member.username} ${s.wallet} ${s.from} to ${s.to}`,
      Author: PLATFORM_NAME,
      Subject: `Statement of the ${walletNames[s.wallet]}`,
    },
  });
  doc.registerFont(DEVANAGARI, devanagariFont());
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, s);
  let y = tableHead(doc, doc.y + 8);
  y = row(doc, y, ['', 'Opening balance', '', '', money(s, s.opening)], true);
  for (const e of s.entries) {
    if (y > BOTTOM) {
      doc.addPage();
      y = tableHead(doc, MARGIN);
    }
    y = row(doc, y, [
      when(e.created_at),
      clip(ruleName(e.rule), 22),
      clip(e.reference, 52),
      money(s, e.amount),
      money(s, e.balance_after),
    ]);
  }
  if (y > BOTTOM - 60) {
    doc.addPage();
    y = MARGIN;
  }
  y = row(
    doc,
    y,
    ['', 'Closing balance', `${s.entries.length} postings`, money(s, s.total), money(s, s.closing)],
    true,
  );
  summary(doc, y + 12, s);
  footers(doc, s);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, s: Statement): void {
  doc.font('Helvetica-Bold').fontSize(18).text(PLATFORM_NAME, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(12).text(`Statement of the ${walletNames[s.wallet]} (${s.asset})`);
  doc.moveDown(0.5).fontSize(10);
  write(doc, `Member: ${s.member.fullname} (${s.member.username})`, 'Helvetica', null);
  doc.font('Helvetica').text(`Period: ${s.from} to ${s.to} (whole days, UTC)`);
  doc.text(`Opening balance: ${money(s, s.opening)}`);
  doc.text(`Closing balance: ${money(s, s.closing)}`);
}

function tableHead(doc: PDFKit.PDFDocument, y: number): number {
  doc.font('Helvetica-Bold').fontSize(9);
  let x = MARGIN;
  for (const c of columns) {
    doc.text(c.title, x, y, { width: c.width - 4, align: c.align, lineBreak: false });
    x += c.width;
  }
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  doc
    .moveTo(MARGIN, y + ROW - 2)
    .lineTo(MARGIN + width, y + ROW - 2)
    .lineWidth(0.5)
    .stroke();
  return y + ROW + 2;
}

function row(doc: PDFKit.PDFDocument, y: number, cells: string[], bold = false): number {
  doc.fontSize(8.5);
  let x = MARGIN;
  columns.forEach((c, i) => {
    write(
      doc,
      cells[i] ?? '',
      bold ? 'Helvetica-Bold' : 'Helvetica',
      { x, y },
      {
        width: c.width - 4,
        align: c.align,
        lineBreak: false,
      },
    );
    x += c.width;
  });
  return y + ROW;
}

function summary(doc: PDFKit.PDFDocument, y: number, s: Statement): void {
  doc.font('Helvetica').fontSize(9);
  doc.text(
    `Opening ${money(s, s.opening)} + postings ${money(s, s.total)} = closing ${money(s, s.closing)}`,
    MARGIN,
    y,
  );
  doc.moveDown(0.5);
  if (s.asset === 'USD')
    doc.text('Amounts are shown to the cent; the CSV of this statement holds them exactly.');
  doc.font('Helvetica-Bold').text('Checksum (SHA-256 of the statement CSV):');
  doc.font('Courier').fontSize(8.5).text(s.checksum);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(
      'Download the CSV of this statement and compute its SHA-256 (e.g. sha256sum): it equals this checksum when the two hold the same figures.',
    );
}

function footers(doc: PDFKit.PDFDocument, s: Statement): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(
        `${PLATFORM_NAME} · ${s.member.username} · ${walletNames[s.wallet]} · ${s.from} to ${s.to} · page ${i + 1} of ${range.count}`,
        MARGIN,
        PAGE_HEIGHT - MARGIN - 10,
        { lineBreak: false },
      );
  }
}
