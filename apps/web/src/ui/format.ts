import { currentIntlTag, effectiveTimeZone } from '../i18n/state';

/**
 * Dates, times and numbers for people, in the member's language and time zone (decision 0039): the zone kept in
 * their profile, else the browser's. Money never goes through Intl (a float): its exact text is only regrouped
 * by localiseDecimal.
 */
type Style = 'dateTime' | 'date' | 'time' | 'day';

const styles: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  date: { year: 'numeric', month: 'short', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' },
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, tag: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${tag}|${timeZone}`;
  let f = formatters.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(tag, { ...styles[style], timeZone });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Makes the member's date format ready: the first Intl date format of a page loads the browser's date and zone
 * data (about 20 ms on a laptop, four times that on a slow phone). main.tsx calls it after the first drawing,
 * while the page waits for its answers, so that cost is not added to drawing them (decision 0052).
 */
export function warmDateFormats(): void {
  formatter('date', tagOf(), zoneOf());
}

/** Where to format: the member's (or a test's) language tag and zone. */
export interface FormatPlace {
  tag?: string;
  timeZone?: string;
}

const tagOf = (p?: FormatPlace) => p?.tag ?? currentIntlTag();
const zoneOf = (p?: FormatPlace) => p?.timeZone ?? effectiveTimeZone();

/** A calendar date without a time ("2026-11-23"): the same day everywhere, never moved by a zone. */
const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

function instant(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** A timestamp for people, in the member's zone with the zone's name ("23 Nov 2026, 13:16 GMT+5:30"), or a dash. */
export function formatDateTime(value: string | null | undefined, place?: FormatPlace): string {
  const t = instant(value);
  return t === null ? '-' : formatter('dateTime', tagOf(place), zoneOf(place)).format(t);
}

/** The day of a timestamp in the member's zone; a calendar date ("2026-11-23") is shown as that day. */
export function formatDate(value: string | null | undefined, place?: FormatPlace): string {
  const t = instant(value);
  if (t === null || value === null || value === undefined) return '-';
  const zone = calendarDay.test(value) ? 'UTC' : zoneOf(place);
  return formatter('date', tagOf(place), zone).format(t);
}

/** The time of day of a timestamp in the member's zone, with seconds and the zone's name. */
export function formatTime(value: string | number | Date | null | undefined, place?: FormatPlace): string {
  if (value === null || value === undefined) return '-';
  const t = typeof value === 'string' ? instant(value) : new Date(value).getTime();
  return t === null || Number.isNaN(t) ? '-' : formatter('time', tagOf(place), zoneOf(place)).format(t);
}

/** The member's calendar day ("YYYY-MM-DD") of a timestamp, in their zone: for grouping by local day. */
export function localDay(value: string | number, place?: FormatPlace): string | null {
  const t = typeof value === 'number' ? value : instant(value);
  if (t === null) return null;
  const parts = formatter('day', 'en-CA', zoneOf(place)).formatToParts(t);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A count (never money) in the member's language: 1,234 / 1234 and 12.345 / 12,34,567. */
export function formatNumber(value: number | bigint, place?: FormatPlace): string {
  return new Intl.NumberFormat(tagOf(place)).format(value);
}

export interface Separators {
  group: string;
  decimal: string;
  /** Size of the groups left of the first (3 everywhere; 2 for the Indian lakh and crore). */
  secondary: number;
  /** Whether a 4-digit whole number is grouped (Spanish groups from 5 digits). */
  groupsFour: boolean;
}

/**
 * The app's languages' separators (state.ts intlTags), written out: asking Intl for the first number format costs
 * a phone about 50 ms of its main thread (measured, decision 0052), before the first amount shows. format.test.ts
 * checks them against Intl.
 */
export const KNOWN_SEPARATORS: Record<string, Separators> = {
  'en-GB': { group: ',', decimal: '.', secondary: 3, groupsFour: true },
  es: { group: '.', decimal: ',', secondary: 3, groupsFour: false },
  'hi-IN': { group: ',', decimal: '.', secondary: 2, groupsFour: true },
};

const separatorCache = new Map<string, Separators>(Object.entries(KNOWN_SEPARATORS));

/** The language's separators, read from Intl on whole sample numbers (no money passes through Intl). */
export function separatorsFromIntl(tag: string): Separators {
  const nf = new Intl.NumberFormat(tag, { minimumFractionDigits: 1 });
  const parts = nf.formatToParts(1234567.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const ints = parts.filter((p) => p.type === 'integer').map((p) => p.value);
  return {
    group,
    decimal,
    secondary: ints.length === 3 && ints[1]?.length === 2 ? 2 : 3,
    groupsFour: nf.formatToParts(1234.5).some((p) => p.type === 'group'),
  };
}

function separatorsOf(tag: string): Separators {
  let s = separatorCache.get(tag);
  if (s === undefined) {
    s = separatorsFromIntl(tag);
    separatorCache.set(tag, s);
  }
  return s;
}

function regroup(digits: string, s: Separators): string {
  if (digits.length <= 3 || (digits.length === 4 && !s.groupsFour)) return digits;
  const groups = [digits.slice(-3)];
  let rest = digits.slice(0, -3);
  while (rest.length > 0) {
    groups.unshift(rest.slice(-s.secondary));
    rest = rest.slice(0, -s.secondary);
  }
  return groups.join(s.group);
}

/**
 * Exact decimal text as @sgx/money writes it ("-1,234,567.50", "0.008") in the member's language, by moving
 * separators only: "1.234.567,50" in Spanish, "12,34,567.50" in Hindi. Text that is not such a number is
 * returned unchanged.
 */
export function localiseDecimal(text: string, place?: FormatPlace): string {
  const m = /^(-?)([\d,]+)(?:\.(\d+))?$/.exec(text);
  if (m === null) return text;
  const [, sign = '', whole = '', fraction] = m;
  const s = separatorsOf(tagOf(place));
  const grouped = regroup(whole.replace(/,/g, ''), s);
  return `${sign}${grouped}${fraction === undefined ? '' : `${s.decimal}${fraction}`}`;
}

/** Text or a dash when empty. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const text = String(value).trim();
  return text === '' ? '-' : text;
}
