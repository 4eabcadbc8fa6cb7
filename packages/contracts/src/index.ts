export * from './addresses';
export * from './auth';
export * from './common';
export * from './ledger';
export * from './money-ops';
export * from './plans';
export * from './settings';
export * from './users';
