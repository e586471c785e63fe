export * from './member';
export * from './rules';
export * from './verification';
export * from './encryption';
export * from './session';
export * from './registration';
export * from './password';
export * from './profile';
