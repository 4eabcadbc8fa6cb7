export * from './addresses';
export * from './auth';
export * from './common';
export * from './settings';
export * from './users';
export * from './plans';
