/**
 * The schedule picker's wall time ("2026-11-23T18:30", what a datetime-local input holds) in the admin's time
 * zone, to and from the exact instant the server keeps (ISO 8601 in UTC). Decision 0037.
 */
const wallTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, t: number): Record<string, number> {
  let f = partsFormatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(t)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** How far `timeZone`'s clock is ahead of UTC at instant `t`, in milliseconds. */
function offsetAt(timeZone: string, t: number): number {
  const p = partsIn(timeZone, t);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return asUtc - Math.floor(t / 1000) * 1000;
}

/** The instant (ISO, UTC) of a wall time in `timeZone`, or null when the text is not a full date and time. */
export function wallTimeToIso(value: string, timeZone: string): string | null {
  const m = wallTime.exec(value);
  if (m === null) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  const guess = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  if (Number.isNaN(guess)) return null;
  // The offset where the guess lands, then again where the result lands (a change of offset in between).
  let t = guess - offsetAt(timeZone, guess);
  const second = offsetAt(timeZone, t);
  t = guess - second;
  return new Date(t).toISOString();
}

/** The wall time of an instant in `timeZone`, as a datetime-local input shows it; '' for no instant. */
export function isoToWallTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const p = partsIn(timeZone, t);
  const two = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The zone's offset from UTC now, as "GMT+5:30" ("GMT" for UTC itself). */
export function zoneOffset(timeZone: string, at: number = Date.now()): string {
  const minutes = Math.round(offsetAt(timeZone, at) / 60_000);
  if (minutes === 0) return 'GMT';
  const abs = Math.abs(minutes);
  const m = abs % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`}`;
}
