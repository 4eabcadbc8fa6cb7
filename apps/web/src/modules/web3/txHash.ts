/** What is wrong with a pasted transaction hash (null when the server can read it). */
export function txHashProblem(text: string): string | null {
  const hash = text.trim();
  if (hash === '') return 'Paste the transaction hash.';
  return /^(0x)?[0-9a-fA-F]{64}$/.test(hash) ? null : 'Enter the 64-hex-digit transaction hash.';
}
