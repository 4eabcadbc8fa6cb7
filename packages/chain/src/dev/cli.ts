/**
 * `npm run chain:dev`: a local chain for trying wallet deposits by hand. Starts anvil (default 127.0.0.1:8545,
 * chain id 56 standing in for BNB Smart Chain, a block every second), deploys the test stablecoin as 'USDT'
 * (18 decimals), mints 10,000 to the demo wallet DEV_ACCOUNTS[1] (and to DEV_ACCOUNTS[2]), prints what a
 * developer needs, then waits for the app and configures it as the two demo admins (app-setup.ts: chain 56's
 * token and confirmations, a BEP20 receiving address; two-factor sign-in in admin-sign-in.ts).
 * Runs until Ctrl-C; the chain's state is not kept.
 *
 *   npm run chain:dev -- [--port 8545] [--chain-id 56] [--block-time 1] [--app http://127.0.0.1:3000] [--no-app]
 */
import { parseUnits } from 'viem';
import { DEV_ACCOUNTS } from './accounts';
import { type DevChain, startAnvil } from './anvil';
import { configureApp, confirmationsFor } from './app-setup';
import { type ChainDevOptions, parseOptions, USAGE } from './options';
import { deployTestStablecoin, mintTestStablecoin } from './token';

const SYMBOL = 'USDT';
const DECIMALS = 18;
const MINTED = '10000';
const REASON = 'local dev chain (npm run chain:dev)';
const demo = DEV_ACCOUNTS[1];
const second = DEV_ACCOUNTS[2];
const receiving = DEV_ACCOUNTS[9];

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

async function main() {
  const opts = options();
  let chain: DevChain | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C: give up waiting
    stopping = true;
    console.log(`\n${signal}: stopping the chain…`);
    await chain?.stop();
    console.log('chain stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    chain = await startAnvil({
      chainId: opts.chainId,
      port: opts.port,
      host: opts.host,
      blockTime: opts.blockTime > 0 ? opts.blockTime : undefined,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const taken = /already in use/i.test(message)
      ? `\nPort ${opts.port} is taken: is another chain:dev (or anvil) running? Try --port.`
      : '';
    console.error(`chain:dev: could not start anvil: ${message}${taken}`);
    process.exit(1);
  }
  if (stopping) return;

  const { url, chainId } = chain;
  const token = await deployTestStablecoin(url, {
    decimals: DECIMALS,
    symbol: SYMBOL,
    name: `Test ${SYMBOL}`,
  });
  const amount = parseUnits(MINTED, DECIMALS);
  await Promise.all([
    mintTestStablecoin(url, token, demo.address, amount),
    mintTestStablecoin(url, token, second.address, amount),
  ]);

  const bsc = chainId === 56 ? ' (stands in for BNB Smart Chain)' : '';
  const blocks = opts.blockTime > 0 ? `a block every ${opts.blockTime} s` : 'a block per transaction';
  const confirmations = confirmationsFor(chainId);
  const wait =
    opts.blockTime > 0
      ? `about ${confirmations * opts.blockTime} s for a deposit's ${confirmations} confirmations`
      : `with a block per transaction a deposit waits for its ${confirmations} confirmations until more transactions come`;
  const appPort = opts.app?.port && opts.app.port !== '3000' ? `PORT=${opts.app.port} ` : '';
  const env = `CHAIN_RPC_URL_${chainId}=${url} PUBLIC_RPC_URL_${chainId}=${url} ${appPort}`;
  console.log(
    [
      '',
      'SocialGenX local chain is running (npm run chain:dev)',
      '─────────────────────────────────────────────────────',
      `  RPC URL          ${url}`,
      `  Chain id         ${chainId}${bsc}, ${blocks} (${wait})`,
      `  Test ${SYMBOL}        ${token} (${DECIMALS} decimals; a test token anyone can mint)`,
      `  Demo wallet      ${demo.address} (DEV_ACCOUNTS[1]): ${MINTED} ${SYMBOL} + 10000 native coin`,
      `  Its private key  ${demo.privateKey}`,
      '                   ^ a PUBLIC test key that everyone knows: never send real funds to it',
      `  Second wallet    ${second.address} (DEV_ACCOUNTS[2]): ${MINTED} ${SYMBOL}, key ${second.privateKey}`,
      '',
      'Next steps',
      '  1. Start the app against this chain in another terminal:',
      `       ${env}npm start`,
      opts.app
        ? `  2. This command configures the running app itself once ${opts.app.origin} is up: chain ${chainId} gets\n` +
          `     the test ${SYMBOL} (${confirmations} confirmations) and, if there is none, a BEP20 receiving address\n` +
          `     (${receiving.address}), asked by ${opts.admins[0].email} and approved by ${opts.admins[1].email}\n` +
          '     (two-factor sign-in set up for them on the way, if needed). See the lines below.'
        : `  2. --no-app: configure chain ${chainId} (token ${token}, ${SYMBOL}, ${DECIMALS} decimals, ${confirmations}\n` +
          '     confirmations) and a BEP20 receiving address yourself as an admin (a second admin approves).',
      `  3. In your browser wallet (e.g. MetaMask) add a network: RPC URL ${url}, chain id ${chainId},`,
      `     currency symbol BNB; import the demo private key above, and the token ${token} to see its ${SYMBOL}.`,
      '     (Restarting this command starts a fresh chain: in MetaMask, clear the activity tab data for it.)',
      '  4. Sign in as the demo member (member@example.com), open Web3 deposit, tab From your wallet: Connect',
      `     wallet, Link this wallet, then Review deposit and Send ${SYMBOL} (README: "Try a wallet deposit").`,
      '',
      'Ctrl-C stops the chain (nothing is kept).',
      '',
    ].join('\n'),
  );

  if (!opts.app) return;
  await configureApp({
    base: opts.app,
    chainId,
    token: { address: token, symbol: SYMBOL, decimals: DECIMALS },
    confirmations,
    receiving: receiving.address,
    admins: opts.admins,
    dataDir: opts.dataDir,
    reason: REASON,
    log: (line) => console.log(line),
  });
}

main().catch((error: unknown) => {
  console.error('chain:dev failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
