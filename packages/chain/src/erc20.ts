import { erc20Abi, keccak256, toBytes } from 'viem';

export { erc20Abi };

/** The ERC-20 Transfer event, as viem's getLogs and decodeEventLog take it. */
export const TRANSFER_EVENT = erc20Abi.find(
  (e): e is Extract<(typeof erc20Abi)[number], { type: 'event'; name: 'Transfer' }> =>
    e.type === 'event' && e.name === 'Transfer',
) as Extract<(typeof erc20Abi)[number], { type: 'event'; name: 'Transfer' }>;

export const TRANSFER_TOPIC = keccak256(toBytes('Transfer(address,address,uint256)'));
