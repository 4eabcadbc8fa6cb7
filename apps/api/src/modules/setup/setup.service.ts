import { networkName, SUPPORTED_CHAINS } from '@sgx/chain';
import type { SetupItem, SetupStatusResponse } from '@sgx/contracts';
import type { Db } from '../../db';
import { liveVideos } from '../videos/videos.repo';

/** Where each item is set in the web app's admin area. */
export const SETUP_PATHS = {
  receiving_addresses: '/admin/web3',
  plans: '/admin/plans',
  video: '/admin/video-manager',
  token_contract: '/admin/token',
  smtp: '/admin/settings?tab=outbox',
} as const;

type LiveAddress = { currency: string; chain_id: number | null };

/**
 * The networks members cannot deposit on for want of a receiving address: TRC20 without its address, and
 * each enabled EVM chain with neither its own BEP20 address nor the one that serves every EVM chain.
 */
export function missingReceivingAddresses(addresses: readonly LiveAddress[], enabledChainIds: number[]) {
  const missing: string[] = [];
  if (!addresses.some((a) => a.currency === 'TRC20')) missing.push(networkName('TRC20'));
  const evm = addresses.filter((a) => a.currency === 'BEP20');
  const servesAll = evm.some((a) => a.chain_id === null);
  // In the order the web app lists the chains.
  for (const chain of SUPPORTED_CHAINS) {
    if (!enabledChainIds.includes(chain.id) || servesAll) continue;
    if (!evm.some((a) => a.chain_id === chain.id)) missing.push(networkName('BEP20', chain.id));
  }
  return missing;
}

/**
 * What a fresh install still lacks before members can use it: receiving addresses, a plan on sale, the
 * video members watch, the SGX token's contract, an SMTP server. Read-only; each item names where it is set.
 */
export class SetupService {
  constructor(
    private readonly db: Db,
    private readonly smtpConfigured: () => boolean,
  ) {}

  async status(): Promise<SetupStatusResponse> {
    const items = await Promise.all([this.addresses(), this.plans(), this.video(), this.token()]);
    items.push(this.smtp());
    return { done: items.every((i) => i.done), items };
  }

  private async addresses(): Promise<SetupItem> {
    const [addresses, chains] = await Promise.all([
      this.db
        .selectFrom('deposit_addresses')
        .select(['currency', 'chain_id'])
        .where('deleted_at', 'is', null)
        .execute(),
      this.db.selectFrom('chain_settings').select('chain_id').where('enabled', '=', true).execute(),
    ]);
    const missing = missingReceivingAddresses(
      addresses,
      chains.map((c) => c.chain_id),
    );
    return {
      key: 'receiving_addresses',
      title: 'Receiving addresses',
      done: missing.length === 0,
      explanation:
        missing.length === 0
          ? 'Members can deposit on TRC20 and on every enabled EVM chain.'
          : `No receiving address for ${missing.join(', ')}: members cannot deposit there until one is set.`,
      path: SETUP_PATHS.receiving_addresses,
    };
  }

  private async plans(): Promise<SetupItem> {
    const row = await this.db
      .selectFrom('plans')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('deleted_at', 'is', null)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    return {
      key: 'plans',
      title: 'Plans',
      done: n > 0,
      explanation:
        n > 0
          ? `${n} active plan${n === 1 ? ' is' : 's are'} on sale.`
          : 'No active plan: members have nothing to buy, and without a plan nobody earns.',
      path: SETUP_PATHS.plans,
    };
  }

  private async video(): Promise<SetupItem> {
    // Members watch the latest video (GET /videos/latest).
    const latest = await liveVideos(this.db).executeTakeFirst();
    return {
      key: 'video',
      title: "Today's video",
      done: latest !== undefined,
      explanation:
        latest !== undefined
          ? `Members watch "${latest.title}" today.`
          : 'No video: members have nothing to watch, so nobody can claim the daily ROI.',
      path: SETUP_PATHS.video,
    };
  }

  private async token(): Promise<SetupItem> {
    // The SGX token is the first row (the token routes' default id).
    const token = await this.db
      .selectFrom('token_config')
      .select('contract_address')
      .orderBy('id')
      .executeTakeFirst();
    const address = token?.contract_address ?? null;
    return {
      key: 'token_contract',
      title: 'SGX token contract',
      done: address !== null && address !== '',
      explanation:
        token === undefined
          ? 'The SGX token is not launched: there is no token to trade and no contract address.'
          : address === null || address === ''
            ? "No contract address: members read 'Not deployed yet' and no on-chain balance."
            : `The SGX token's contract is ${address}.`,
      path: SETUP_PATHS.token_contract,
    };
  }

  private smtp(): SetupItem {
    const on = this.smtpConfigured();
    return {
      key: 'smtp',
      title: 'SMTP (e-mail)',
      done: on,
      explanation: on
        ? 'E-mails are sent through the SMTP server.'
        : 'No SMTP server (SMTP_URL in the server environment): e-mails such as password resets stay in the mail outbox.',
      path: SETUP_PATHS.smtp,
    };
  }
}
