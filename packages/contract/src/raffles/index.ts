export * from './schemas';
export * from './backoffice';
