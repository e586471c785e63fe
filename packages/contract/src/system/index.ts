export * from './brand';
export * from './whitelabel';
export * from './status';
export * from './announcements';
