const dateTime = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  timeZone: 'UTC',
});

/** A timestamp for people (UTC, the business timezone), or a dash when empty or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const t = Date.parse(value);
  return Number.isNaN(t) ? '-' : dateTime.format(t);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const t = Date.parse(value);
  return Number.isNaN(t) ? '-' : dateOnly.format(t);
}

/** Text or a dash when empty. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const text = String(value).trim();
  return text === '' ? '-' : text;
}
