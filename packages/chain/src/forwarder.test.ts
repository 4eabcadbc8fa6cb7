import { decodeFunctionData, getContractAddress, keccak256, zeroAddress, zeroHash } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_FACTORY_ABI,
  EVM_CREATE2_PREFIX,
  FORWARDER_CODE_HASH,
  forwarderAddress,
  sweepCalldata,
  TVM_CREATE2_PREFIX,
} from './forwarder';

const FACTORY = '0x1111111111111111111111111111111111111111';
const SALT = `0x${'ab'.repeat(32)}` as const;

describe('forwarderAddress', () => {
  it('is the CREATE2 address on EVM chains (EIP-1014 example 0, and viem over the forwarder code)', () => {
    const codeHash = keccak256('0x00');
    expect(
      forwarderAddress({ factory: zeroAddress, salt: zeroHash, prefix: EVM_CREATE2_PREFIX, codeHash }),
    ).toBe('0x4D1A2e2bB4F88F0250f26Ffff098B0b30B26BF38');
    expect(forwarderAddress({ factory: FACTORY, salt: SALT, prefix: EVM_CREATE2_PREFIX })).toBe(
      getContractAddress({ opcode: 'CREATE2', from: FACTORY, salt: SALT, bytecodeHash: FORWARDER_CODE_HASH }),
    );
  });

  it('differs on the TVM (prefix 0x41) and per salt and factory', () => {
    const evm = forwarderAddress({ factory: FACTORY, salt: SALT, prefix: EVM_CREATE2_PREFIX });
    const tvm = forwarderAddress({ factory: FACTORY, salt: SALT, prefix: TVM_CREATE2_PREFIX });
    expect(tvm).not.toBe(evm);
    expect(tvm).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(forwarderAddress({ factory: FACTORY, salt: zeroHash, prefix: EVM_CREATE2_PREFIX })).not.toBe(evm);
    expect(
      forwarderAddress({ factory: FACTORY.replace(/1$/, '2') as `0x${string}`, salt: SALT, prefix: '0xff' }),
    ).not.toBe(evm);
  });

  it('refuses a salt that is not 32 bytes and an unknown prefix', () => {
    expect(() => forwarderAddress({ factory: FACTORY, salt: '0x01', prefix: '0xff' })).toThrow(/salt/);
    // @ts-expect-error: only 0xff and 0x41 are prefixes
    expect(() => forwarderAddress({ factory: FACTORY, salt: SALT, prefix: '0x00' })).toThrow(/prefix/);
  });
});

describe('sweepCalldata', () => {
  it('encodes sweep(token, salts)', () => {
    const data = sweepCalldata(FACTORY, [SALT, zeroHash]);
    expect(decodeFunctionData({ abi: DEPOSIT_FACTORY_ABI, data })).toEqual({
      functionName: 'sweep',
      args: [FACTORY, [SALT, zeroHash]],
    });
  });
});
