// The back office's schemas (its calls are BACKOFFICE_CALLS, from calls.ts at the contract's root).
export * from './permissions';
export * from './paging';
export * from './operators';
export * from './audit';
export * from './dashboard';
export * from './reports';
export * from './brand';
export * from './content';
export * from './games';
export * from './lottery';
export * from './players';
export * from './messages';
export * from './cashier';
