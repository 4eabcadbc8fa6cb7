/**
 * Every wallet and chain error of spec 8 as one sentence that says what happened and what to do.
 * Works on viem's and wagmi's errors (matched by code and name, walking their causes) and on the raw
 * `{ code, message }` objects an EIP-1193 wallet throws.
 */

export const TIMEOUT_TEXT = 'The request took too long to respond.';

export const WALLET_ERROR_TEXTS = {
  4001: 'You declined the request in your wallet. Try again and approve it to continue.',
  4100: 'Your wallet has not allowed this site to use that account. Connect the wallet again and allow access.',
  4900: 'Your wallet is disconnected from every network. Open the wallet, check its connection, then try again.',
  4901: 'Your wallet is not connected to this network right now. Switch networks in the wallet, then try again.',
  4902: 'Your wallet does not have this network yet. Add it when your wallet asks (or from the network menu), then try again.',
  [-32002]:
    'Your wallet already has a request waiting. Open the wallet, finish or dismiss it, then try again.',
  [-32005]: 'The network is limiting requests right now. Wait a few seconds, then try again.',
  ChainNotConfiguredError:
    'This network is not available in SocialGenX. Choose Ethereum, Polygon, BNB Smart Chain or Arbitrum One.',
  ProviderNotFoundError:
    'No wallet was found in this browser. Install or unlock a wallet such as MetaMask, or connect with WalletConnect.',
  ConnectorAlreadyConnectedError:
    'This wallet is already connected. Disconnect it first if you want to use another one.',
  ConnectorNotConnectedError: 'No wallet is connected. Connect your wallet, then try again.',
  timeout: `${TIMEOUT_TEXT} Check your internet connection and try again in a moment.`,
} as const;

type Node = { code?: unknown; name?: unknown; message?: unknown; shortMessage?: unknown; cause?: unknown };

/** The error and its causes, outermost first (bounded, so a cyclic cause cannot loop). */
function chainOf(err: unknown): Node[] {
  const out: Node[] = [];
  let cur: unknown = err;
  for (let i = 0; i < 10 && cur && typeof cur === 'object'; i++) {
    out.push(cur as Node);
    cur = (cur as Node).cause;
  }
  return out;
}

/** The EIP-1193 / JSON-RPC code on the error or any of its causes. */
export function walletErrorCode(err: unknown): number | undefined {
  for (const e of chainOf(err)) if (typeof e.code === 'number') return e.code;
  return undefined;
}

const named = (err: unknown, name: string) => chainOf(err).some((e) => e.name === name);

export const isUserRejection = (err: unknown): boolean =>
  walletErrorCode(err) === 4001 || named(err, 'UserRejectedRequestError');

/** The wallet lacks the chain: offer to add it. */
export const needsAddChain = (err: unknown): boolean =>
  walletErrorCode(err) === 4902 ||
  chainOf(err).some((e) => typeof e.message === 'string' && /unrecognized chain id/i.test(e.message));

const isTimeout = (err: unknown) =>
  chainOf(err).some(
    (e) =>
      e.name === 'TimeoutError' ||
      (typeof e.message === 'string' && e.message.includes(TIMEOUT_TEXT)) ||
      (typeof e.shortMessage === 'string' && e.shortMessage.includes(TIMEOUT_TEXT)),
  );

export function walletErrorMessage(err: unknown): string {
  if (isUserRejection(err)) return WALLET_ERROR_TEXTS[4001];
  if (needsAddChain(err)) return WALLET_ERROR_TEXTS[4902];
  for (const name of [
    'ChainNotConfiguredError',
    'ProviderNotFoundError',
    'ConnectorAlreadyConnectedError',
    'ConnectorNotConnectedError',
  ] as const)
    if (named(err, name)) return WALLET_ERROR_TEXTS[name];
  if (isTimeout(err)) return WALLET_ERROR_TEXTS.timeout;
  const code = walletErrorCode(err);
  if (code !== undefined && code in WALLET_ERROR_TEXTS)
    return WALLET_ERROR_TEXTS[code as keyof typeof WALLET_ERROR_TEXTS];
  if (named(err, 'HttpRequestError'))
    return 'The network node could not be reached. Check your connection and try again in a moment.';
  const first = chainOf(err)[0];
  const detail =
    typeof first?.shortMessage === 'string'
      ? first.shortMessage
      : typeof first?.message === 'string'
        ? first.message
        : '';
  return detail
    ? `The wallet reported a problem: ${detail.split('\n')[0]} Try again, or reconnect your wallet.`
    : 'Something went wrong with your wallet. Try again, or reconnect your wallet.';
}
