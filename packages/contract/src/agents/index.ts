export * from './schemas';
export * from './backoffice';
export * from './overview';
export * from './profit-loss';
