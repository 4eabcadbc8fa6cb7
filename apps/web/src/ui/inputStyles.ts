/** Monospace for the typed value only (addresses, hashes, codes), not the label. */
export const monoInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
