import { describe, expect, it } from 'vitest';
import { isoToWallTime, wallTimeToIso, zoneOffset } from './publishTime';

describe('schedule picker times', () => {
  it('reads the wall time in the given zone and sends the instant in UTC', () => {
    expect(wallTimeToIso('2026-11-23T18:30', 'Asia/Kolkata')).toBe('2026-11-23T13:00:00.000Z');
    expect(wallTimeToIso('2026-11-23T18:30', 'UTC')).toBe('2026-11-23T18:30:00.000Z');
    expect(wallTimeToIso('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(wallTimeToIso('2026-12-01T09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
  });

  it('crosses a change of offset to the right instant', () => {
    // London moves to summer time at 01:00 UTC on 29 March 2026.
    expect(wallTimeToIso('2026-03-29T03:00', 'Europe/London')).toBe('2026-03-29T02:00:00.000Z');
    expect(wallTimeToIso('2026-03-29T00:30', 'Europe/London')).toBe('2026-03-29T00:30:00.000Z');
  });

  it('shows an instant as the wall time of the zone, and refuses what is not a date and time', () => {
    expect(isoToWallTime('2026-11-23T13:00:00.000Z', 'Asia/Kolkata')).toBe('2026-11-23T18:30');
    expect(isoToWallTime(null, 'UTC')).toBe('');
    expect(wallTimeToIso('', 'UTC')).toBeNull();
    expect(wallTimeToIso('2026-11-23', 'UTC')).toBeNull();
  });

  it("names the zone's offset from UTC", () => {
    const winter = Date.parse('2026-01-15T12:00:00Z');
    expect(zoneOffset('Asia/Kolkata', winter)).toBe('GMT+5:30');
    expect(zoneOffset('America/New_York', winter)).toBe('GMT-5');
    expect(zoneOffset('UTC', winter)).toBe('GMT');
  });
});
