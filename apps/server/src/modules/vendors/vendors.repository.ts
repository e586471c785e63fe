import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface VendorRow {
  id: number;
  code: string;
  name: string;
  walletSecret: string;
  launchUrl: string;
  status: string;
}

export async function findVendorByCode(db: Executor, code: string): Promise<VendorRow | undefined> {
  const rows = await query<{
    id: unknown;
    code: string;
    name: string;
    wallet_secret: string;
    launch_url: string;
    status: string;
  }>(db, sql`SELECT id, code, name, wallet_secret, launch_url, status FROM game_vendors WHERE code = ${code}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    code: row.code,
    name: row.name,
    walletSecret: row.wallet_secret,
    launchUrl: row.launch_url,
    status: row.status,
  };
}

/** Vendors whose wallet secret is still stored as given (not sealed by SecretBox). */
export async function findPlaintextWalletSecrets(
  db: Executor,
): Promise<{ id: number; code: string; walletSecret: string }[]> {
  const rows = await query<{ id: unknown; code: string; wallet_secret: string }>(
    db,
    sql`SELECT id, code, wallet_secret FROM game_vendors WHERE wallet_secret NOT LIKE 'enc:v1:%' ORDER BY id`,
  );
  return rows.map((row) => ({ id: toNumber(row.id), code: row.code, walletSecret: row.wallet_secret }));
}

/** Replaces a wallet secret only if it is still the value read (another instance may have sealed it). */
export async function replaceWalletSecret(db: Executor, id: number, previous: string, next: string): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE game_vendors SET wallet_secret = ${next}, updated_at = now()
        WHERE id = ${id} AND wallet_secret = ${previous} RETURNING 1 AS replaced`,
  );
  return rows.length > 0;
}
