export * from './schemas';
export * from './backoffice';
export * from './overview';
