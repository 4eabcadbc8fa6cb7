/**
 * Local-chain tooling for tests and development (Node only): anvil as a child process, the well-known dev
 * accounts, and the test stablecoin (deploy, mint, transfer). Used by integration tests, the browser tests'
 * chain server and `npm run chain:dev`. Never import it from browser code.
 */
export { DEV_ACCOUNTS, DEV_MNEMONIC, type DevAccount, devAccount } from './accounts';
export { type DevChain, resolveAnvilCommand, type StartAnvilOptions, startAnvil } from './anvil';
export { confirmationsFor } from './app-setup';
export {
  chainHead,
  DEV_TOKEN_ADDRESS,
  type DeployTestStablecoinOptions,
  deployTestStablecoin,
  mine,
  mintTestStablecoin,
  TEST_STABLECOIN_ABI,
  TEST_STABLECOIN_BYTECODE,
  type TestStablecoinAbi,
  type TransferResult,
  transferTestStablecoin,
} from './token';
