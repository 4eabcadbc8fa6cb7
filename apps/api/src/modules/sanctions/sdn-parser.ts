/**
 * Reads the digital-currency addresses out of the OFAC SDN list as the U.S. Treasury publishes it (decision 0075),
 * pure (no file, no database). Three shapes are read:
 * - `sdn_advanced.xml`: `<FeatureType ID="345">Digital Currency Address - ETH</FeatureType>` names the feature types,
 *   each `<Feature FeatureTypeID="345">` carries the address in its `<VersionDetail>`; the issue date is
 *   `<DateOfIssue><Year/><Month/><Day/></DateOfIssue>`;
 * - `sdn.xml`: each `<id>` of an `<idList>` with `<idType>Digital Currency Address - ETH</idType>` and the address
 *   in `<idNumber>`; the date is `<publshInformation><Publish_Date>MM/DD/YYYY</Publish_Date>`;
 * - `sdn.csv` (no header; the remarks column): "Digital Currency Address - ETH 0x…; alt. Digital Currency Address -
 *   TRX T…;". The CSV carries no date: the caller gives it.
 * Kept: EVM-format addresses (0x and 40 hex digits: ETH, USDT or USDC on Ethereum, BSC, ARB, ETC… one address on
 * every EVM chain), lower-cased; TRON addresses (Base58, "T" and 33 more), as published. Other currencies (XBT, XMR…)
 * are not addresses the platform pays or is paid from.
 */

export type SanctionsFamily = 'evm' | 'tron';
export type ParsedEntry = { family: SanctionsFamily; address: string; currencies: string[] };
export type ParsedList = {
  format: 'sdn_advanced_xml' | 'sdn_xml' | 'sdn_csv';
  /** The publication's date, YYYY-MM-DD; null when the file does not say (the CSV). */
  publishedOn: string | null;
  entries: ParsedEntry[];
  /** Digital-currency addresses read but not kept (other currencies), for the update's report. */
  skipped: number;
};

const EVM = /^0x[0-9a-fA-F]{40}$/;
const TRON = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** An address as the list keeps it and the check looks it up: EVM lower-case, TRON as is; null otherwise. */
export function normaliseAddress(raw: string): { family: SanctionsFamily; address: string } | null {
  const a = raw.trim();
  if (EVM.test(a)) return { family: 'evm', address: a.toLowerCase() };
  if (TRON.test(a)) return { family: 'tron', address: a };
  return null;
}

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

const pad = (n: string) => n.padStart(2, '0');

/** Collects addresses by address, merging the currencies an address is listed under. */
class Collector {
  private readonly byAddress = new Map<string, ParsedEntry>();
  skipped = 0;
  add(currency: string, raw: string): void {
    const n = normaliseAddress(decodeXml(raw));
    if (!n) {
      this.skipped++;
      return;
    }
    const seen = this.byAddress.get(n.address);
    if (seen) {
      if (!seen.currencies.includes(currency)) seen.currencies.push(currency);
    } else this.byAddress.set(n.address, { ...n, currencies: [currency] });
  }
  entries(): ParsedEntry[] {
    return [...this.byAddress.values()].sort((a, b) => (a.address < b.address ? -1 : 1));
  }
}

function parseAdvanced(text: string): ParsedList {
  const types = new Map<string, string>();
  for (const m of text.matchAll(
    /<FeatureType\b[^>]*\bID="(\d+)"[^>]*>\s*Digital Currency Address - ([A-Za-z0-9]+)\s*<\/FeatureType>/g,
  ))
    types.set(m[1] as string, m[2] as string);
  const c = new Collector();
  for (const m of text.matchAll(/<Feature\b[^>]*\bFeatureTypeID="(\d+)"[^>]*>([\s\S]*?)<\/Feature>/g)) {
    const currency = types.get(m[1] as string);
    if (!currency) continue;
    for (const d of (m[2] as string).matchAll(/<VersionDetail\b[^>]*>([^<]*)<\/VersionDetail>/g))
      c.add(currency, d[1] as string);
  }
  const date =
    /<DateOfIssue>\s*<Year>(\d{4})<\/Year>\s*<Month>(\d{1,2})<\/Month>\s*<Day>(\d{1,2})<\/Day>/.exec(text);
  return {
    format: 'sdn_advanced_xml',
    publishedOn: date ? `${date[1]}-${pad(date[2] as string)}-${pad(date[3] as string)}` : null,
    entries: c.entries(),
    skipped: c.skipped,
  };
}

function parseSdnXml(text: string): ParsedList {
  const c = new Collector();
  for (const m of text.matchAll(/<id>([\s\S]*?)<\/id>/g)) {
    const body = m[1] as string;
    const type = /<idType>\s*Digital Currency Address - ([A-Za-z0-9]+)\s*<\/idType>/.exec(body);
    const number = /<idNumber>([^<]*)<\/idNumber>/.exec(body);
    if (type && number) c.add(type[1] as string, number[1] as string);
  }
  const date = /<Publish_Date>\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*<\/Publish_Date>/.exec(text);
  return {
    format: 'sdn_xml',
    publishedOn: date ? `${date[3]}-${pad(date[1] as string)}-${pad(date[2] as string)}` : null,
    entries: c.entries(),
    skipped: c.skipped,
  };
}

function parseCsv(text: string): ParsedList {
  const c = new Collector();
  // The address follows the feature's name in the remarks; quoting and the other columns do not matter.
  for (const m of text.matchAll(/Digital Currency Address - ([A-Za-z0-9]+)\s+([A-Za-z0-9]+)/g))
    c.add(m[1] as string, m[2] as string);
  return { format: 'sdn_csv', publishedOn: null, entries: c.entries(), skipped: c.skipped };
}

/** Reads a publication by its shape (advanced XML, classic XML, or CSV); throws on anything else. */
export function parseSdn(text: string): ParsedList {
  const head = text.slice(0, 4096);
  if (/<Sanctions\b/.test(head) || /<FeatureType\b/.test(text.slice(0, 2_000_000)))
    return parseAdvanced(text);
  if (/<sdnList\b/.test(head)) return parseSdnXml(text);
  if (/^\s*</.test(head)) throw new Error('This XML is neither sdn_advanced.xml nor sdn.xml.');
  if (!text.includes('Digital Currency Address - '))
    throw new Error('This file has no "Digital Currency Address" entries: is it the SDN list?');
  return parseCsv(text);
}
