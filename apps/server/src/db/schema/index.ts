export * from './merchants';
export * from './content';
