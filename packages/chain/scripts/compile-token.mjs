#!/usr/bin/env node
// Compiles packages/chain/contracts/TestStablecoin.sol with solc-js and writes the commit-ready artifact
// packages/chain/src/dev/TestStablecoin.json ({ abi, bytecode }), so runtime code never needs solc.
//
//   node packages/chain/scripts/compile-token.mjs
//
// The unit test packages/chain/src/dev/artifact.test.ts recompiles through compileTestStablecoin() and
// fails if the committed artifact drifts from the source.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const here = dirname(fileURLToPath(import.meta.url));
export const CONTRACT_PATH = resolve(here, '../contracts/TestStablecoin.sol');
export const ARTIFACT_PATH = resolve(here, '../src/dev/TestStablecoin.json');
const SOURCE_NAME = 'TestStablecoin.sol';
const CONTRACT_NAME = 'TestStablecoin';

/** Compiles the contract; returns { abi, bytecode } (bytecode = 0x-prefixed creation code). */
export function compileTestStablecoin() {
  // Normalise line endings so a Windows checkout (core.autocrlf) compiles to the same bytes.
  const content = readFileSync(CONTRACT_PATH, 'utf8').replace(/\r\n/g, '\n');
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // 'paris' avoids PUSH0 & co., so the code runs on any anvil hardfork and on BSC-like chains.
      evmVersion: 'paris',
      // No metadata hash: the bytecode then depends only on the code and compiler, not on comments.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { [SOURCE_NAME]: { [CONTRACT_NAME]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage ?? e.message).join('\n')}`);
  }
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME];
  if (!contract?.evm?.bytecode?.object) throw new Error('solc produced no bytecode for TestStablecoin');
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

export const SOLC_VERSION = solc.version();

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const artifact = compileTestStablecoin();
  writeFileSync(ARTIFACT_PATH, `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(
    `compiled TestStablecoin with solc ${SOLC_VERSION}: ${(artifact.bytecode.length - 2) / 2} bytes -> ${ARTIFACT_PATH}`,
  );
}
