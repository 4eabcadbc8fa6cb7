export * from './chains';
export * from './erc20';
export * from './errors';
export * from './transport';
export * from './units';
