/** The ways to deposit on /user/web3-deposit (`?way=`), first the member's own address. */
export const DEPOSIT_WAYS = ['address', 'wallet', 'manual'] as const;
export type DepositWay = (typeof DEPOSIT_WAYS)[number];

const isWay = (v: string | null): v is DepositWay =>
  v !== null && (DEPOSIT_WAYS as readonly string[]).includes(v);

/**
 * The tab shown: the one `?way=` asks for; without it (old links, menus) the member's own address when they
 * have one, else the wallet, as before own addresses existed.
 */
export function depositWayOf(asked: string | null, hasOwnAddress: boolean): DepositWay {
  if (isWay(asked)) return asked;
  return hasOwnAddress ? 'address' : 'wallet';
}

/** The `?way=` a chosen tab writes (always explicit, so a reload keeps the tab). */
export function depositWayParam(chosen: string | null): DepositWay {
  return isWay(chosen) ? chosen : 'address';
}
