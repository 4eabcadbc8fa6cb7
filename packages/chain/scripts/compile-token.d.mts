import type { Abi, Hex } from 'viem';

export declare const CONTRACT_PATH: string;
export declare const ARTIFACT_PATH: string;
export declare const SOLC_VERSION: string;
export declare function compileTestStablecoin(): { abi: Abi; bytecode: Hex };
