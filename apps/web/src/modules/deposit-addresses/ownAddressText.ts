import type { MemberAddressChain, MemberDepositAddress } from '@sgx/contracts';
import { isPositiveAmount, plainDecimal } from '../../ui/moneyFormat';

/** The card's title: the EVM address serves every EVM chain, the TRON one TRC20 only. */
export function ownAddressTitle(a: Pick<MemberDepositAddress, 'network'>): string {
  return a.network === 'TRON' ? 'TRON (TRC20)' : 'EVM chains';
}

/** The networks an address accepts on, by name ("Ethereum, Polygon, BNB Smart Chain, Arbitrum One"). */
export function ownAddressChainNames(a: Pick<MemberDepositAddress, 'chains'>): string {
  return a.chains.map((c) => c.name).join(', ');
}

/** What the member must know before sending: which token, that anyone may send, and how it is credited. */
export function ownAddressNotice(a: Pick<MemberDepositAddress, 'token' | 'chains'>): string {
  const symbol = a.token.symbol;
  const send = `Send only ${symbol} on ${a.chains.length === 1 ? 'this network' : 'these networks'} to this address.`;
  const anyone = 'Anyone can send to it (an exchange withdrawal works);';
  if (a.chains.length > 0 && a.chains.every((c) => !c.verified)) {
    return `${send} ${anyone} it is credited to you once our team has checked it.`;
  }
  return `${send} ${anyone} it is credited to you automatically.`;
}

/** "Minimum 1 USDT: smaller transfers are recorded, not credited", or null when there is no minimum. */
export function minimumText(c: Pick<MemberAddressChain, 'minimum' | 'token_symbol'>): string | null {
  if (!isPositiveAmount(c.minimum)) return null;
  return `Minimum ${plainDecimal(c.minimum)} ${c.token_symbol}: smaller transfers are recorded, not credited`;
}

/** "credited after 15 confirmations" where the server reads the chain, else "credited by our team". */
export function creditText(c: Pick<MemberAddressChain, 'confirmations' | 'verified'>): string {
  if (!c.verified) return 'credited by our team';
  return `credited after ${c.confirmations} ${c.confirmations === 1 ? 'confirmation' : 'confirmations'}`;
}
