import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase, withClient } from '../support/scratch-database';

/** A PostgreSQL server for a bench: DATABASE_URL when set, else a throw-away cluster made with initdb. */
export interface BenchPostgres {
  /** URL of a fresh database created for this run. */
  url: string;
  /** Settings the bench's own cluster was started with beyond its defaults, from BENCH_PG_SETTINGS. */
  settings: string[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('PostgreSQL is not installed: set DATABASE_URL');
  return path.join(root, versions[0], 'bin');
}

function run(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/bash', '-c', [command, ...args].map((a) => `'${a}'`).join(' ')], {
        encoding: 'utf8',
      })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
}

/**
 * BENCH_PG_SETTINGS: `name=value` pairs, separated by spaces, for the bench's own cluster
 * (`wal_sync_method=open_datasync commit_delay=200`), so a setting is measured without editing the
 * bench. A server from DATABASE_URL keeps its own settings.
 */
function extraSettings(): string[] {
  const settings = (process.env['BENCH_PG_SETTINGS'] ?? '').split(/\s+/).filter(Boolean);
  for (const setting of settings) {
    if (!/^[a-z_.]+=[\w.:-]+$/.test(setting)) throw new Error(`BENCH_PG_SETTINGS: not a name=value pair: ${setting}`);
  }
  return settings;
}

export async function startBenchPostgres(label: string): Promise<BenchPostgres> {
  let serverUrl = process.env['DATABASE_URL'];
  let stopCluster = async () => {};
  const settings = serverUrl ? [] : extraSettings();
  if (!serverUrl) {
    const bin = postgresBin();
    const dir = mkdtempSync(path.join(tmpdir(), `parlay-bench-${label}-`));
    chmodSync(dir, 0o777);
    const port = await freePort();
    run(path.join(bin, 'initdb'), ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      `${dir}/data`,
      '-o',
      // max_wal_size: with the default 1 GB, PostgreSQL starts a checkpoint after about 540 MB of WAL
      // (max_wal_size / (1 + checkpoint_completion_target)); a run writes 550-600 MB after its last
      // warmWal, so that checkpoint fell in the paced window, which then measured a checkpoint's full-page
      // writes instead of the steady state (decision 0014). 4 GB is a usual production setting.
      [`-p ${port} -k /tmp -c max_connections=200 -c max_wal_size=4GB`, ...settings.map((s) => `-c ${s}`)].join(' '),
      '-l',
      `${dir}/log`,
      '-w',
      'start',
    ]);
    serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    stopCluster = async () => {
      run(path.join(bin, 'pg_ctl'), ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const database = await createScratchDatabase(serverUrl, label);
  return {
    url: database.url,
    settings,
    async close() {
      await database.drop();
      await stopCluster();
    },
  };
}

/**
 * Give the cluster the WAL files a server that has been running for a while has: write `segments` WAL
 * segments, then checkpoint, which renames them for reuse. A fresh cluster has none to reuse, and every
 * new 16 MB segment is created and zero-filled while commits wait on it: on this machine that stalled
 * every commit for 0.5 to 2 s once per segment (about every 4 s of load), which is the cold start of the
 * cluster, not the steady state being measured (docs/decisions/0011-wallet-bench-steady-state.md).
 * Needs superuser (pg_switch_wal, CHECKPOINT); on a server that refuses, says so and goes on cold.
 */
export async function warmWal(url: string, segments: number): Promise<string> {
  try {
    return await withClient(url, async (client) => {
      await client.query('CREATE TABLE bench_wal_warm (filler text)');
      for (let index = 0; index < segments; index += 1) {
        await client.query(`INSERT INTO bench_wal_warm VALUES ('x')`);
        await client.query('SELECT pg_switch_wal()');
      }
      await client.query('DROP TABLE bench_wal_warm');
      await client.query('CHECKPOINT');
      const ready = await client.query<{ n: string }>(`SELECT count(*) AS n FROM pg_ls_waldir()`);
      return `${ready.rows[0]?.n ?? '?'} WAL segments ready for reuse`;
    });
  } catch (error) {
    return `WAL not warmed (${error instanceof Error ? error.message : String(error)}): new segments will stall commits`;
  }
}

/**
 * Checkpoints the server has run so far, timed and requested: read before and after a window to tell
 * whether one fell in it. PostgreSQL 17 moved the counters to pg_stat_checkpointer.
 */
export async function checkpointCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const view = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('pg_catalog.pg_stat_checkpointer') IS NOT NULL AS exists`,
    );
    const sql = view.rows[0]?.exists
      ? 'SELECT num_timed + num_requested AS n FROM pg_stat_checkpointer'
      : 'SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter';
    const result = await client.query<{ n: string }>(sql);
    return Number(result.rows[0]?.n ?? 0);
  });
}

/** Autovacuum and autoanalyze passes finished so far on the database's own tables, by table. */
export async function autovacuumCounts(url: string): Promise<Map<string, number>> {
  return withClient(url, async (client) => {
    const result = await client.query<{ name: string; n: string }>(
      `SELECT relname AS name, autovacuum_count + autoanalyze_count AS n FROM pg_stat_user_tables`,
    );
    return new Map(result.rows.map((row) => [row.name, Number(row.n)]));
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}
