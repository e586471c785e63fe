export * from './schemas';
export * from './backoffice';
export * from './overview';
export * from './profit-loss';
export * from './accounts';
export * from './team-records';
export * from './announcements';
export * from './contracts';
