import { afterEach, describe, expect, it } from 'vitest';
import { intlTags, setFormatLocale, setTimeZone } from '../i18n/state';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
  KNOWN_SEPARATORS,
  localDay,
  localiseDecimal,
  orDash,
  separatorsFromIntl,
} from './format';
import { formatMoney, formatPercent } from './moneyFormat';

// A claim at 07:46 UTC: 13:16 in India, 01:46 in Mexico City.
const claim = '2026-11-23T07:46:00.000Z';

afterEach(() => {
  setFormatLocale('en');
  setTimeZone(null);
});

describe("dates and times in the member's time zone", () => {
  it("shows the browser's zone by default (UTC here) as before", () => {
    expect(formatDateTime(claim)).toBe('23 Nov 2026, 07:46 UTC');
    expect(formatDate(claim)).toBe('23 Nov 2026');
  });

  it('shows a UTC timestamp at local time in Asia/Kolkata and America/Mexico_City', () => {
    setTimeZone('Asia/Kolkata');
    expect(formatDateTime(claim)).toBe('23 Nov 2026, 13:16 GMT+5:30');
    expect(formatTime(claim)).toBe('13:16:00 GMT+5:30');
    setTimeZone('America/Mexico_City');
    expect(formatDateTime(claim)).toBe('23 Nov 2026, 01:46 GMT-6');
    // The local day can differ from the UTC day.
    expect(formatDate('2026-11-23T03:00:00Z')).toBe('22 Nov 2026');
    expect(localDay('2026-11-23T03:00:00Z')).toBe('2026-11-22');
  });

  it('keeps a calendar date on its day whatever the zone', () => {
    setTimeZone('America/Mexico_City');
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
  });

  it("writes dates in the member's language", () => {
    setFormatLocale('es');
    expect(formatDateTime(claim, { timeZone: 'America/Mexico_City' })).toBe('23 nov 2026, 01:46 GMT-6');
    setFormatLocale('hi');
    expect(formatDateTime(claim, { timeZone: 'Asia/Kolkata' })).toMatch(/^23 नव.? 2026, 01:16 pm IST$/);
  });

  it('ignores an unknown zone and reads a dash for nothing', () => {
    setTimeZone('Mars/Olympus');
    expect(formatDateTime(claim)).toBe('23 Nov 2026, 07:46 UTC');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
    expect(orDash('  ')).toBe('-');
  });
});

describe("numbers and money in the member's language", () => {
  it('groups counts per language, Hindi in lakhs', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    setFormatLocale('es');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1234)).toBe('1234');
    setFormatLocale('hi');
    expect(formatNumber(12345678)).toBe('1,23,45,678');
  });

  it("writes out each app language's separators as Intl has them", () => {
    expect(Object.keys(KNOWN_SEPARATORS).sort()).toEqual(Object.values(intlTags).sort());
    for (const [tag, known] of Object.entries(KNOWN_SEPARATORS)) {
      expect(known, tag).toEqual(separatorsFromIntl(tag));
    }
  });

  it('moves the separators of exact money text without any float', () => {
    expect(localiseDecimal('92,233,720,368.54775807', { tag: 'es' })).toBe('92.233.720.368,54775807');
    expect(localiseDecimal('-1,234.50', { tag: 'es' })).toBe('-1234,50');
    expect(localiseDecimal('12,345.50', { tag: 'es' })).toBe('12.345,50');
    expect(localiseDecimal('1,234,567.50', { tag: 'hi-IN' })).toBe('12,34,567.50');
    expect(localiseDecimal('123.45', { tag: 'hi-IN' })).toBe('123.45');
    expect(localiseDecimal('1,234,567.50', { tag: 'en-GB' })).toBe('1,234,567.50');
    expect(localiseDecimal('n/a', { tag: 'es' })).toBe('n/a');
  });

  it("formats money amounts for the member's language and keeps every digit", () => {
    expect(formatMoney('1234567.50000000')).toBe('$1,234,567.50');
    setFormatLocale('es');
    expect(formatMoney('1234567.50000000')).toBe('$1.234.567,50');
    expect(formatMoney('-5.25000000')).toBe('-$5,25');
    expect(formatMoney('1234.56780000', 'token')).toBe('1234,5678 SGX');
    expect(formatPercent('0.50000000')).toBe('0,5%');
    setFormatLocale('hi');
    expect(formatMoney('92233720368.54775807')).toBe('$92,23,37,20,368.55');
  });
});
