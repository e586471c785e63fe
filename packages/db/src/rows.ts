import type { SQL } from 'drizzle-orm';
import type { Executor } from './database';

/** A statement's rows as the driver gives them. */
export async function query<T extends Record<string, unknown>>(db: Executor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** int8 and numeric arrive as strings from node-postgres and as numbers from PGlite: a number either way. */
export function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

export function toNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

/** A timestamptz column (a Date, or its text) as an ISO string. */
export function toIso(value: unknown): string {
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
}
