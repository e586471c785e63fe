import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The brand's agent settings: agent_settings (migrations 0090, 0096), one row per brand that saved them. SQL only;
// agent-settings.ts decides.

export interface AgentSettingsRow {
  subAgentsAllowed: boolean;
  dividendCarriesLoss: boolean;
  version: number;
  updatedAt: string | null;
}

/** The brand's settings; the columns' defaults (both on, version 0) when it never saved any. */
export async function findAgentSettings(db: Executor, merchantId: number): Promise<AgentSettingsRow> {
  const [row] = await query<{
    sub_agents_allowed: boolean;
    dividend_carries_loss: boolean;
    version: unknown;
    updated_at: unknown;
  }>(
    db,
    sql`SELECT sub_agents_allowed, dividend_carries_loss, version, updated_at
        FROM agent_settings WHERE merchant_id = ${merchantId}`,
  );
  if (!row) return { subAgentsAllowed: true, dividendCarriesLoss: true, version: 0, updatedAt: null };
  return {
    subAgentsAllowed: row.sub_agents_allowed,
    dividendCarriesLoss: row.dividend_carries_loss,
    version: toNumber(row.version),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * Saves the brand's settings if `version` is still the stored one (0: none stored, or a row saved before versions),
 * bumping it; false when another save came first. One statement each way, so two saves of one version cannot both win.
 */
export async function saveAgentSettings(
  db: Executor,
  merchantId: number,
  input: { subAgentsAllowed: boolean; dividendCarriesLoss: boolean; version: number },
): Promise<boolean> {
  const rows =
    input.version === 0
      ? await query(
          db,
          sql`INSERT INTO agent_settings (merchant_id, sub_agents_allowed, dividend_carries_loss, version, updated_at)
              VALUES (${merchantId}, ${input.subAgentsAllowed}, ${input.dividendCarriesLoss}, 1, now())
              ON CONFLICT (merchant_id) DO UPDATE SET
                sub_agents_allowed = excluded.sub_agents_allowed,
                dividend_carries_loss = excluded.dividend_carries_loss,
                version = 1,
                updated_at = now()
              WHERE agent_settings.version = 0
              RETURNING merchant_id`,
        )
      : await query(
          db,
          sql`UPDATE agent_settings SET sub_agents_allowed = ${input.subAgentsAllowed},
                dividend_carries_loss = ${input.dividendCarriesLoss}, version = version + 1, updated_at = now()
              WHERE merchant_id = ${merchantId} AND version = ${input.version}
              RETURNING merchant_id`,
        );
  return rows.length > 0;
}
