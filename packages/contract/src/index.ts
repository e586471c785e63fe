export * from './envelope';
export * from './i18n';
export * from './errors/index';
export * from './system/index';
export * from './vendor/wallet';
export * from './vendor/catalogue';
export * from './games/index';
export * from './wallet/index';
