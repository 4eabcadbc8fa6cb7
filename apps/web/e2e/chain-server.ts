/**
 * The local chain the browser tests run against (started by playwright.config.ts before the app): an anvil
 * node standing in for BNB Smart Chain (56), the 18-decimal test stablecoin at DEV_TOKEN_ADDRESS,
 * 1,000,000 of it minted to DEV_ACCOUNTS[1] and [2], the test wallets' accounts, the deposit factory of
 * members' own addresses (decision 0033) with DEV_ACCOUNTS[8] as its treasury, and the batch payout contract of
 * withdrawals (decision 0034). Blocks are mined only when a transaction arrives or a test mines them, so
 * confirmations are under the tests' control.
 *
 * Ready when GET http://127.0.0.1:<port + 1>/ready answers 200. Stops anvil on SIGINT / SIGTERM.
 */
import { createServer } from 'node:http';
import {
  DEV_ACCOUNTS,
  DEV_TOKEN_ADDRESS,
  deployBatchPayout,
  deployDepositFactory,
  deployTestStablecoin,
  mintTestStablecoin,
  startAnvil,
} from '@sgx/chain/dev';
import { parseUnits } from 'viem';

const port = Number(process.env.E2E_CHAIN_PORT ?? 8646);
const holders = [DEV_ACCOUNTS[1], DEV_ACCOUNTS[2]].map((a, i) => {
  if (a === undefined) throw new Error(`No dev account ${i + 1}.`);
  return a.address;
});

const treasury = DEV_ACCOUNTS[8]?.address;
if (treasury === undefined) throw new Error('No dev account 8.');

const chain = await startAnvil({ chainId: 56, port, blockTime: undefined });
let ready = false;

const health = createServer((req, res) => {
  res.writeHead(ready && req.url === '/ready' ? 200 : 503, { 'content-type': 'text/plain' });
  res.end(ready ? `anvil ${chain.url}, token ${DEV_TOKEN_ADDRESS}` : 'starting');
});
health.listen(port + 1, '127.0.0.1');

async function stop(code: number) {
  health.close();
  await chain.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const token = await deployTestStablecoin(chain.url, { decimals: 18, symbol: 'USDT' });
  if (token.toLowerCase() !== DEV_TOKEN_ADDRESS.toLowerCase()) {
    throw new Error(
      `The test stablecoin landed at ${token}, not at ${DEV_TOKEN_ADDRESS}: was the chain fresh?`,
    );
  }
  for (const holder of holders) await mintTestStablecoin(chain.url, token, holder, parseUnits('1000000', 18));
  // After the token (which must be the first deployment): the same address on any anvil.
  const factory = await deployDepositFactory(chain.url, { treasury });
  const payout = await deployBatchPayout(chain.url);
  ready = true;
  console.log(
    `chain 56 at ${chain.url}: USDT ${token}, 1,000,000 each minted to ${holders.join(', ')}; deposit factory ${factory}; batch payouts ${payout}`,
  );
} catch (error) {
  console.error(error);
  await stop(1);
}
