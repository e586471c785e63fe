export * from './envelope';
export * from './i18n';
export * from './errors/index';
export * from './system/index';
export * from './vendor/wallet';
