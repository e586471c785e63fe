import type { Actor } from '../modules/audit/index';

/** The actor of changes a test makes through an admin service directly, as the CLI would. */
export const TEST_ACTOR: Actor = { kind: 'cli', osUser: 'test' };
