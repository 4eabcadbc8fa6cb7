import { englishNamespace, englishResources } from '../../i18n/i18n';

/**
 * The English `header` texts of en/web3.json (the source; headerI18n.test.ts keeps this copy equal to it). The
 * member header's light wallet button and WalletGate are in every member page's first load, which must not
 * carry the whole web3 namespace (about 5 kB gzip): importing en/web3.json here, even by a named import, would
 * put all of it in that first load.
 */
export const headerEnglish = {
  connectWallet: 'Connect wallet',
  connect: 'Connect',
  loadingWallet: 'Loading wallet',
  unavailable: 'Wallet unavailable',
  tryAgainTip: '{{reason}} Click to try again.',
  gateTitle: 'Wallet connection is unavailable',
  gateBody: '{{reason}} You can still send a deposit manually and report its transaction hash.',
  retry: 'Retry',
};

/**
 * The web3 namespace with only its `header` texts, until the wallet screens load and modules/web3/i18n.ts
 * registers all of it (header included); registered first, the whole namespace is kept.
 */
export const WEB3_HEADER_NS = englishResources().has('web3')
  ? 'web3'
  : englishNamespace('web3', { header: headerEnglish });
