export * from './brand';
export * from './brand-theme';
export * from './whitelabel';
export * from './status';
export * from './announcements';
export * from './customer-service';
export * from './help';
export * from './pages';
