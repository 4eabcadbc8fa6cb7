import { web3Text } from './i18n';

/** What is wrong with a pasted transaction hash (null when the server can read it). */
export function txHashProblem(text: string): string | null {
  const hash = text.trim();
  if (hash === '') return web3Text('byHand.pasteHash');
  return /^(0x)?[0-9a-fA-F]{64}$/.test(hash) ? null : web3Text('byHand.invalidHash');
}
