import pg from 'pg';

/** Runs `work` on a connection of its own, opened for it and closed after. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database a bench creates on a PostgreSQL server for one run, and drops when the run ends. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `parlay_bench_<label>_<time>` on the server at `serverUrl` (any database of it; usually the
 * one DATABASE_URL names). A bench writes its fixtures there, never into the database it was pointed at,
 * whose brands would otherwise list the bench's games.
 */
export async function createScratchDatabase(serverUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `parlay_bench_${label}_${Date.now().toString(36)}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
