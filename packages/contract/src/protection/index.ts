export * from './protection';
