// The zod-free part of the contract (`@parlay/contract/constants`): values and types the player
// site needs at start-up, importable without bundling zod. Everything here is also exported from
// `@parlay/contract` and from the schema module it belongs beside.
export * from './languages';
export * from './system/constants';
export * from './system/brand-theme';
export * from './system/pages';
export * from './games/constants';
export * from './vendor/frame';
export * from './calls';
export * from './messages/constants';
export * from './accounts/device';
