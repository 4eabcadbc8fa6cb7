export * from './chains';
export * from './erc20';
export * from './errors';
export * from './forwarder';
export * from './payout';
export * from './transport';
export * from './tron';
export * from './units';
