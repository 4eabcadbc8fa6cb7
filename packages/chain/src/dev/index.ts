/**
 * Local-chain tooling for tests and development (Node only): anvil as a child process, the well-known dev
 * accounts, the test stablecoin (deploy, mint, transfer), the deposit factory (deploy, sweep) and the batch payout
 * contract (deploy). Used by integration tests, the browser tests' chain server and `npm run chain:dev`. Never
 * import it from browser code.
 */
export { DEV_ACCOUNTS, DEV_MNEMONIC, type DevAccount, devAccount } from './accounts';
export { type DevChain, resolveAnvilCommand, type StartAnvilOptions, startAnvil } from './anvil';
export { confirmationsFor } from './app-setup';
export {
  CREATE2_DEPLOYER,
  DEPOSIT_FACTORY_BYTECODE,
  DEPOSIT_FORWARDER_BYTECODE,
  type DepositFactoryOptions,
  deployDepositFactory,
  depositFactoryAddress,
  type SweepForwardersOptions,
  sweepForwarders,
} from './factory';
export {
  BATCH_PAYOUT_BYTECODE,
  BATCH_PAYOUT_V1_BYTECODE,
  batchPayoutAddress,
  deployBatchPayout,
  deployBatchPayoutV1,
  payInOneTransaction,
} from './payout';
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
