export {
  openDatabase,
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  type Executor,
  type LockedSession,
  type Tables,
  type Transaction,
} from './database';
export { migrate, type MigrationOptions, type MigrationResult } from './migrate';
export { query, toIso, toNullableNumber, toNumber } from './rows';
