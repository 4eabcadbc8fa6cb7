import type { MemberAddressChain, MemberDepositAddress } from '@sgx/contracts';
import { isPositiveAmount, plainDecimal } from '../../ui/moneyFormat';
import { addressText } from './i18n';

/** The card's title: the EVM address serves every EVM chain, the TRON one TRC20 only. */
export function ownAddressTitle(a: Pick<MemberDepositAddress, 'network'>): string {
  return a.network === 'TRON' ? addressText('own.tronTitle') : addressText('own.evmTitle');
}

/** The networks an address accepts on, by name ("Ethereum, Polygon, BNB Smart Chain, Arbitrum One"). */
export function ownAddressChainNames(a: Pick<MemberDepositAddress, 'chains'>): string {
  return a.chains.map((c) => c.name).join(', ');
}

/** What the member must know before sending: which token, that anyone may send, and how it is credited. */
export function ownAddressNotice(a: Pick<MemberDepositAddress, 'token' | 'chains'>): string {
  const symbol = a.token.symbol;
  const send = addressText(a.chains.length === 1 ? 'own.sendOnlyOne' : 'own.sendOnlyMany', { symbol });
  if (a.chains.length > 0 && a.chains.every((c) => !c.verified)) {
    return addressText('own.anyoneChecked', { send });
  }
  return addressText('own.anyoneAuto', { send });
}

/** "Minimum 1 USDT: smaller transfers are recorded, not credited", or null when there is no minimum. */
export function minimumText(c: Pick<MemberAddressChain, 'minimum' | 'token_symbol'>): string | null {
  if (!isPositiveAmount(c.minimum)) return null;
  return addressText('own.minimum', { amount: plainDecimal(c.minimum), symbol: c.token_symbol });
}

/** "credited after 15 confirmations" where the server reads the chain, else "credited by our team". */
export function creditText(c: Pick<MemberAddressChain, 'confirmations' | 'verified'>): string {
  if (!c.verified) return addressText('own.byTeam');
  return addressText(c.confirmations === 1 ? 'own.afterOne' : 'own.afterMany', { count: c.confirmations });
}
