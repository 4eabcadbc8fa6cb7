import type { Abi, Hex } from 'viem';

export declare const CONTRACT_PATH: string;
export declare const ARTIFACT_PATH: string;
export declare const DEPOSIT_FACTORY_CONTRACT_PATH: string;
export declare const DEPOSIT_FACTORY_ARTIFACT_PATH: string;
export declare const BATCH_PAYOUT_CONTRACT_PATH: string;
export declare const BATCH_PAYOUT_ARTIFACT_PATH: string;
export declare const BATCH_PAYOUT_V1_ARTIFACT_PATH: string;
export declare const SOLC_VERSION: string;
export declare function compileTestStablecoin(): { abi: Abi; bytecode: Hex };
export declare function compileDepositFactory(): {
  abi: Abi;
  bytecode: Hex;
  forwarderAbi: Abi;
  forwarderBytecode: Hex;
};
export declare function compileBatchPayout(): { abi: Abi; bytecode: Hex };
export declare function compileBatchPayoutV1(): { abi: Abi; bytecode: Hex };
export declare function compileSolidity<N extends string>(
  file: string,
  content: string,
  names: readonly N[],
): Record<N, { abi: Abi; bytecode: Hex }>;
