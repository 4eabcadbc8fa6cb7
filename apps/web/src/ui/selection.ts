/**
 * Picking rows of a list for one batch action that takes at most `max` of them (sweeps, payouts): every helper
 * keeps the picks as a set of keys and never lets it grow past the limit.
 */

/** "Select all": the first `max` keys, or none when all of those are already picked. */
export function toggleAllKeys<K>(keys: readonly K[], picked: ReadonlySet<K>, max: number): Set<K> {
  const all = keys.slice(0, max);
  return all.length > 0 && all.every((k) => picked.has(k)) ? new Set() : new Set(all);
}

/** One key in or out; refused (unchanged) past the limit. */
export function toggleKey<K>(picked: ReadonlySet<K>, key: K, max: number): Set<K> {
  const next = new Set(picked);
  if (next.has(key)) next.delete(key);
  else if (next.size < max) next.add(key);
  return next;
}

/** Only keys still listed stay picked (after the list is read again). */
export function keepListedKeys<K>(picked: ReadonlySet<K>, keys: readonly K[]): Set<K> {
  const listed = new Set(keys);
  return new Set([...picked].filter((k) => listed.has(k)));
}
