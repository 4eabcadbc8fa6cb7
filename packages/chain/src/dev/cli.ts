/**
 * `npm run chain:dev`: local chains for trying deposits by hand. Starts two anvils, a block every second: the
 * EVM node (default 127.0.0.1:8545, chain id 56 standing in for BNB Smart Chain) and a TRON stand-in (default
 * 127.0.0.1:8546, chain id 728126428, TRON's JSON-RPC chain id). On each it deploys the test stablecoin as
 * 'USDT' first (at DEV_TOKEN_ADDRESS; 18 decimals on the EVM node, 6 on TRON as TRON's USDT), mints 10,000 to
 * the demo wallet DEV_ACCOUNTS[1] and to DEV_ACCOUNTS[2], and deploys the members' deposit factory (the same
 * address on both, its treasury DEV_ACCOUNTS[8]) and the batch payout contract of withdrawals (decision 0034; the same
 * address on both). It prints what a developer needs, then waits for the app and configures it as the two demo
 * admins (app-setup.ts: both chains' token, confirmations, factory, payout contract and minimum, a BEP20 and a
 * TRC20 receiving address; two-factor sign-in in admin-sign-in.ts). With --json it then prints
 * one JSON line to stdout (everything else to stderr). Runs until Ctrl-C; the chains' state is not kept.
 *
 *   npm run chain:dev -- [--evm-port 8545] [--tron-port 8546] [--chain-id 56] [--block-time 1]
 *                        [--app http://127.0.0.1:3000] [--no-app] [--json]
 */
import { type Address, parseUnits } from 'viem';
import { chainName } from '../chains';
import { TRON_CHAIN_ID, toTronAddress } from '../tron';
import { DEV_ACCOUNTS } from './accounts';
import { type DevChain, startAnvil } from './anvil';
import { type ChainSetup, configureApp, confirmationsFor } from './app-setup';
import { deployDepositFactory } from './factory';
import { type ChainDevOptions, parseOptions, USAGE } from './options';
import { deployBatchPayout } from './payout';
import { deployTestStablecoin, mintTestStablecoin } from './token';

const SYMBOL = 'USDT';
const MINTED = '10000';
const MIN_DEPOSIT = '1';
const REASON = 'local dev chain (npm run chain:dev)';
const demo = DEV_ACCOUNTS[1];
/** Funded like the demo wallet and linked to no member: the sender of an "unlinked wallet" deposit. */
const second = DEV_ACCOUNTS[2];
const treasury = DEV_ACCOUNTS[8];
const receiving = DEV_ACCOUNTS[9];

type Spec = { chainId: number; port: number; flag: string; decimals: number; name: string; coin: string };
type Ready = Spec & { chain: DevChain; token: Address; factory: Address; payout: Address };

function options(): ChainDevOptions {
  try {
    const parsed = parseOptions(process.argv.slice(2), process.env);
    if (parsed.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return parsed.options;
  } catch (error) {
    console.error(`chain:dev: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}

/** The test token first (so it lands at DEV_TOKEN_ADDRESS), the demo wallets' USDT, the factory, the payouts. */
async function prepare(spec: Spec, chain: DevChain): Promise<Ready> {
  const { url } = chain;
  const token = await deployTestStablecoin(url, {
    decimals: spec.decimals,
    symbol: SYMBOL,
    name: `Test ${SYMBOL}`,
  });
  const amount = parseUnits(MINTED, spec.decimals);
  await Promise.all([
    mintTestStablecoin(url, token, demo.address, amount),
    mintTestStablecoin(url, token, second.address, amount),
  ]);
  const factory = await deployDepositFactory(url, { treasury: treasury.address });
  const payout = await deployBatchPayout(url);
  return { ...spec, chain, token, factory, payout };
}

async function main() {
  const opts = options();
  // With --json, stdout carries only the JSON line: people's text goes to stderr.
  const say = (line: string) => (opts.json ? console.error(line) : console.log(line));
  const chains: DevChain[] = [];
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C: give up waiting
    stopping = true;
    say(`\n${signal}: stopping the chains…`);
    await Promise.all(chains.map((c) => c.stop()));
    say('chains stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const specs: Spec[] = [
    {
      chainId: opts.chainId,
      port: opts.evmPort,
      flag: '--evm-port',
      decimals: 18,
      name: chainName(opts.chainId),
      coin: opts.chainId === 56 ? 'BNB' : 'ETH',
    },
    {
      chainId: TRON_CHAIN_ID,
      port: opts.tronPort,
      flag: '--tron-port',
      decimals: 6,
      name: 'TRON',
      coin: 'TRX',
    },
  ];
  const blockTime = opts.blockTime > 0 ? opts.blockTime : undefined;
  const started = await Promise.allSettled(
    specs.map((s) => startAnvil({ chainId: s.chainId, port: s.port, host: opts.host, blockTime })),
  );
  for (const r of started) if (r.status === 'fulfilled') chains.push(r.value);
  const failed = started.flatMap((r, i) => (r.status === 'rejected' ? [[specs[i], r.reason] as const] : []));
  if (failed.length > 0) {
    for (const [spec, error] of failed) {
      const message = error instanceof Error ? error.message : String(error);
      const taken = /already in use/i.test(message)
        ? `\nPort ${spec?.port} is taken: is another chain:dev (or anvil) running? Try ${spec?.flag}.`
        : '';
      console.error(`chain:dev: could not start the ${spec?.name} node: ${message}${taken}`);
    }
    await Promise.all(chains.map((c) => c.stop()));
    process.exit(1);
  }
  if (stopping) return;

  const ready = await Promise.all(specs.map((s, i) => prepare(s, chains[i] as DevChain)));
  const [evm, tron] = ready as [Ready, Ready];
  const appPort = opts.app?.port || (opts.app ? (opts.app.protocol === 'https:' ? '443' : '80') : '3000');
  const startLine =
    `CHAIN_RPC_URL_${evm.chainId}=${evm.chain.url} PUBLIC_RPC_URL_${evm.chainId}=${evm.chain.url} ` +
    `CHAIN_RPC_URL_${tron.chainId}=${tron.chain.url} PORT=${appPort} npm start`;
  say(banner(opts, evm, tron, startLine));

  let configured: boolean | null = null;
  if (opts.app) {
    configured = await configureApp({
      base: opts.app,
      chains: ready.map(
        (r): ChainSetup => ({
          chainId: r.chainId,
          name: r.name,
          rpcUrl: r.chain.url,
          token: { address: r.token, symbol: SYMBOL, decimals: r.decimals },
          confirmations: confirmationsFor(r.chainId),
          factory: r.factory,
          payoutContract: r.payout,
          minDeposit: MIN_DEPOSIT,
        }),
      ),
      receiving: [
        { currency: 'BEP20', address: receiving.address, chainId: evm.chainId },
        { currency: 'TRC20', address: toTronAddress(receiving.address), chainId: tron.chainId },
      ],
      startLine,
      admins: opts.admins,
      dataDir: opts.dataDir,
      reason: REASON,
      log: say,
    });
  }
  if (opts.json && !stopping) {
    const summary = {
      chains: ready.map((r) => ({
        id: r.chainId,
        name: r.name,
        rpcUrl: r.chain.url,
        token: {
          address: r.token,
          decimals: r.decimals,
          symbol: SYMBOL,
          ...(r.chainId === TRON_CHAIN_ID ? { base58: toTronAddress(r.token) } : {}),
        },
        confirmations: confirmationsFor(r.chainId),
      })),
      fundedKey: second.privateKey,
      fundedAddress: second.address,
      factory: evm.factory,
      payoutContract: evm.payout,
      treasury: treasury.address,
      app: opts.app ? { url: opts.app.origin, configured } : null,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  }
}

function banner(opts: ChainDevOptions, evm: Ready, tron: Ready, startLine: string): string {
  const blocks = opts.blockTime > 0 ? `a block every ${opts.blockTime} s` : 'a block per transaction';
  const wait = (chainId: number) => {
    const n = confirmationsFor(chainId);
    return opts.blockTime > 0
      ? `a deposit needs ${n} confirmations, about ${n * opts.blockTime} s`
      : `a deposit waits for its ${n} confirmations until more transactions come`;
  };
  const stands = evm.chainId === 56 ? ', stands in for BNB Smart Chain' : '';
  const tronToken = `${tron.token} = ${toTronAddress(tron.token)}`;
  return [
    '',
    'SocialGenX local chains are running (npm run chain:dev)',
    '───────────────────────────────────────────────────────',
    `  EVM node         ${evm.chain.url}  chain id ${evm.chainId}${stands}; ${blocks} (${wait(evm.chainId)})`,
    `    Test ${SYMBOL}      ${evm.token} (${evm.decimals} decimals; a test token anyone can mint)`,
    `  TRON stand-in    ${tron.chain.url}  chain id ${tron.chainId} (TRON's JSON-RPC id; an anvil); ${blocks} (${wait(tron.chainId)})`,
    `    Test ${SYMBOL}      ${tronToken} (${tron.decimals} decimals, as TRON's USDT)`,
    `  Deposit factory  ${evm.factory} on both chains: makes every member's own deposit address`,
    `  Batch payouts    ${evm.payout} on both chains: pays approved withdrawals, many in one transaction`,
    `  Treasury         ${treasury.address} (DEV_ACCOUNTS[8]; ${toTronAddress(treasury.address)} on TRON): sweeps only go there`,
    `  Demo wallet      ${demo.address} (DEV_ACCOUNTS[1]): ${MINTED} ${SYMBOL} on each chain + 10000 native coin`,
    `  Its private key  ${demo.privateKey}`,
    '                   ^ a PUBLIC test key that everyone knows: never send real funds to it',
    `  Second wallet    ${second.address} (DEV_ACCOUNTS[2], linked to no member): the same, key`,
    `                   ${second.privateKey}`,
    '',
    'Next steps',
    '  1. Start the app against these chains in another terminal (it needs a node for both):',
    `       ${startLine}`,
    opts.app
      ? `  2. This command configures the running app itself once ${opts.app.origin} is up: both chains get the\n` +
        `     test ${SYMBOL}, their confirmations (${confirmationsFor(evm.chainId)} and ${confirmationsFor(tron.chainId)}), the deposit factory, the payout contract and a\n` +
        `     minimum of ${MIN_DEPOSIT} ${SYMBOL}, and, if there are none, BEP20 and TRC20 receiving addresses\n` +
        `     (${receiving.address}), asked by ${opts.admins[0].email} and approved by\n` +
        `     ${opts.admins[1].email} (two-factor sign-in set up on the way).`
      : `  2. --no-app: configure both chains yourself as an admin (/admin/web3; a second admin approves): token\n` +
        `     ${evm.token}, ${SYMBOL}, ${evm.decimals} decimals on chain ${evm.chainId} and ${tron.decimals} on TRON, confirmations ${confirmationsFor(evm.chainId)} and\n` +
        `     ${confirmationsFor(tron.chainId)}, deposit factory ${evm.factory}, payout contract ${evm.payout},\n` +
        `     minimum ${MIN_DEPOSIT}.`,
    `  3. In your browser wallet (e.g. MetaMask) add a network: RPC URL ${evm.chain.url}, chain id ${evm.chainId},`,
    `     currency symbol ${evm.coin}; import the second wallet's key above, and the token ${evm.token}.`,
    '     (Restarting this command starts fresh chains: in MetaMask, clear the activity tab data for it.)',
    '  4. Sign in as the demo member (member@example.com), open Web3 Deposit, tab "Your address", copy the',
    `     EVM address and send ${SYMBOL} to it from the second wallet; watch it in Deposit history go from`,
    '     confirming to credited (README: "Try a deposit on local chains").',
    '',
    'Ctrl-C stops the chains (nothing is kept).',
    '',
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error('chain:dev failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
