export * from './chains';
export * from './erc20';
export * from './errors';
export * from './forwarder';
export {
  addressKind,
  CHAIN_NAMES,
  depositNetworkName,
  EVM_CHAIN_NAMES,
  type NetworkCurrency,
  networkLabel,
  networkName,
} from './names';
export * from './payout';
export * from './transport';
export * from './tron';
export * from './units';
