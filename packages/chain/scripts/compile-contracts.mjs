#!/usr/bin/env node
// Compiles packages/chain/contracts/*.sol with solc-js and writes the commit-ready artifacts, so runtime code never
// needs solc:
//   contracts/TestStablecoin.sol -> src/dev/TestStablecoin.json ({ abi, bytecode })
//   contracts/DepositFactory.sol -> src/dev/DepositFactory.json ({ abi, bytecode, forwarderAbi, forwarderBytecode })
//   contracts/BatchPayout.sol    -> src/dev/BatchPayout.json ({ abi, bytecode }), version 2 (decision 0053)
//   contracts/BatchPayoutV1.sol  -> src/dev/BatchPayoutV1.json (version 1, as deployed before: for tests)
//
//   node packages/chain/scripts/compile-contracts.mjs
//
// The test packages/chain/src/dev/artifact.proc.test.ts recompiles through these functions and fails if a
// committed artifact drifts from its source.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const here = dirname(fileURLToPath(import.meta.url));
const contractPath = (file) => resolve(here, '../contracts', file);
const artifactPath = (file) => resolve(here, '../src/dev', file);

/** Compiles `contracts/<file>`; returns { [name]: { abi, bytecode } } (bytecode = 0x-prefixed creation code). */
function compile(file, names) {
  // Normalise line endings so a Windows checkout (core.autocrlf) compiles to the same bytes.
  return compileSolidity(file, readFileSync(contractPath(file), 'utf8').replace(/\r\n/g, '\n'), names);
}

/** Compiles Solidity source `content` (named `file`) with the settings of the committed artifacts. */
export function compileSolidity(file, content, names) {
  const input = {
    language: 'Solidity',
    sources: { [file]: { content } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // 'paris' avoids PUSH0 & co., so the code runs on any anvil hardfork, on BSC-like chains and on TRON's TVM.
      evmVersion: 'paris',
      // No metadata hash: the bytecode then depends only on the code and compiler, not on comments.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { [file]: Object.fromEntries(names.map((n) => [n, ['abi', 'evm.bytecode.object']])) },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage ?? e.message).join('\n')}`);
  }
  return Object.fromEntries(
    names.map((name) => {
      const contract = output.contracts?.[file]?.[name];
      if (!contract?.evm?.bytecode?.object) throw new Error(`solc produced no bytecode for ${name}`);
      return [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }];
    }),
  );
}

export const CONTRACT_PATH = contractPath('TestStablecoin.sol');
export const ARTIFACT_PATH = artifactPath('TestStablecoin.json');
export const DEPOSIT_FACTORY_CONTRACT_PATH = contractPath('DepositFactory.sol');
export const DEPOSIT_FACTORY_ARTIFACT_PATH = artifactPath('DepositFactory.json');
export const BATCH_PAYOUT_CONTRACT_PATH = contractPath('BatchPayout.sol');
export const BATCH_PAYOUT_ARTIFACT_PATH = artifactPath('BatchPayout.json');
export const BATCH_PAYOUT_V1_ARTIFACT_PATH = artifactPath('BatchPayoutV1.json');

/** The test stablecoin: { abi, bytecode }. */
export function compileTestStablecoin() {
  return compile('TestStablecoin.sol', ['TestStablecoin']).TestStablecoin;
}

/** The deposit factory and its forwarder: { abi, bytecode, forwarderAbi, forwarderBytecode }. */
export function compileDepositFactory() {
  const { DepositFactory, DepositForwarder } = compile('DepositFactory.sol', [
    'DepositFactory',
    'DepositForwarder',
  ]);
  return {
    abi: DepositFactory.abi,
    bytecode: DepositFactory.bytecode,
    forwarderAbi: DepositForwarder.abi,
    forwarderBytecode: DepositForwarder.bytecode,
  };
}

/** The batch payout contract, version 2 (decision 0053: a ref is paid by its payer only): { abi, bytecode }. */
export function compileBatchPayout() {
  return compile('BatchPayout.sol', ['BatchPayout']).BatchPayout;
}

/** The batch payout contract as first deployed (decision 0034), version 1: { abi, bytecode }. */
export function compileBatchPayoutV1() {
  return compile('BatchPayoutV1.sol', ['BatchPayout']).BatchPayout;
}

export const SOLC_VERSION = solc.version();

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  for (const [name, build, path] of [
    ['TestStablecoin', compileTestStablecoin, ARTIFACT_PATH],
    ['DepositFactory', compileDepositFactory, DEPOSIT_FACTORY_ARTIFACT_PATH],
    ['BatchPayout', compileBatchPayout, BATCH_PAYOUT_ARTIFACT_PATH],
    ['BatchPayoutV1', compileBatchPayoutV1, BATCH_PAYOUT_V1_ARTIFACT_PATH],
  ]) {
    const artifact = build();
    writeFileSync(path, `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(
      `compiled ${name} with solc ${SOLC_VERSION}: ${(artifact.bytecode.length - 2) / 2} bytes -> ${path}`,
    );
  }
}
