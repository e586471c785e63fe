export * from './merchants';
export * from './content';
export * from './members';
export * from './accounts';
export * from './messages';
