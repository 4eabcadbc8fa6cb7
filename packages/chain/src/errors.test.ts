import {
  ChainDisconnectedError,
  HttpRequestError,
  LimitExceededRpcError,
  ProviderDisconnectedError,
  ResourceUnavailableRpcError,
  SwitchChainError,
  TimeoutError,
  UnauthorizedProviderError,
  UserRejectedRequestError,
} from 'viem';
import { describe, expect, it } from 'vitest';
import {
  isUserRejection,
  needsAddChain,
  TIMEOUT_TEXT,
  WALLET_ERROR_TEXTS,
  walletErrorCode,
  walletErrorMessage,
} from './errors';

const named = (name: string) => Object.assign(new Error(`${name} happened`), { name });
const cause = new Error('raw');

describe('wallet and chain errors (spec 8) reach the member as sentences', () => {
  it.each([
    [new UserRejectedRequestError(cause), 4001],
    [new UnauthorizedProviderError(cause), 4100],
    [new ProviderDisconnectedError(cause), 4900],
    [new ChainDisconnectedError(cause), 4901],
    [new SwitchChainError(cause), 4902],
    [new ResourceUnavailableRpcError(cause), -32002],
    [new LimitExceededRpcError(cause), -32005],
  ] as const)('viem %s -> code %i', (err, code) => {
    expect(walletErrorCode(err)).toBe(code);
    expect(walletErrorMessage(err)).toBe(WALLET_ERROR_TEXTS[code]);
  });

  it.each([4001, 4100, 4900, 4901, 4902, -32002, -32005] as const)(
    'a raw EIP-1193 error with code %i',
    (code) => {
      expect(walletErrorMessage({ code, message: 'from the wallet' })).toBe(WALLET_ERROR_TEXTS[code]);
    },
  );

  it.each([
    'ChainNotConfiguredError',
    'ProviderNotFoundError',
    'ConnectorAlreadyConnectedError',
    'ConnectorNotConnectedError',
  ] as const)('wagmi %s', (name) => {
    expect(walletErrorMessage(named(name))).toBe(WALLET_ERROR_TEXTS[name]);
    // Wrapped one level deeper, as wagmi's mutations hand it over.
    expect(walletErrorMessage({ message: 'outer', cause: named(name) })).toBe(WALLET_ERROR_TEXTS[name]);
  });

  it('says the request took too long, in the spec words, with what to do', () => {
    const t = new TimeoutError({ body: {}, url: 'http://node' });
    expect(walletErrorMessage(t)).toBe(WALLET_ERROR_TEXTS.timeout);
    expect(WALLET_ERROR_TEXTS.timeout.startsWith(TIMEOUT_TEXT)).toBe(true);
    expect(TIMEOUT_TEXT).toBe('The request took too long to respond.');
    expect(walletErrorMessage(new Error(TIMEOUT_TEXT))).toBe(WALLET_ERROR_TEXTS.timeout);
  });

  it('finds codes in nested causes and knows rejections and missing chains', () => {
    const nested = { message: 'Transaction failed', cause: { message: 'inner', cause: { code: 4001 } } };
    expect(isUserRejection(nested)).toBe(true);
    expect(needsAddChain({ code: 4902 })).toBe(true);
    expect(needsAddChain(new Error('Unrecognized chain ID "0x89". Try adding the chain'))).toBe(true);
    expect(needsAddChain({ code: 4001 })).toBe(false);
  });

  it('explains node and unknown failures without leaving the member stuck', () => {
    const http = new HttpRequestError({ url: 'http://node', status: 502 });
    expect(walletErrorMessage(http)).toMatch(/could not be reached/);
    expect(walletErrorMessage(new Error('nonce too low'))).toBe(
      'The wallet reported a problem: nonce too low Try again, or reconnect your wallet.',
    );
    expect(walletErrorMessage(undefined)).toMatch(/Something went wrong with your wallet/);
  });
});
