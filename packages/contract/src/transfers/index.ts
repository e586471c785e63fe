export * from './upline';
export * from './downline';
