export * from './constants';
export * from './lottery';
export * from './schemas';
