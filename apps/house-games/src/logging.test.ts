import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHouseApp } from './app';
import { defaultHouseConfig, type HouseLogLevel } from './config';
import { loadHouseEnv } from './env';
import { QuietRequestLog, logDestination } from './logging';
import { createTestDatabase, type TestDatabase } from '../../server/src/test/database';

/** A stream that keeps what is written to it, as a terminal (isTTY) or a pipe. */
function capture(isTTY: boolean) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => chunks.join('') };
}

// eslint-disable-next-line no-control-regex
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 180_000);

afterAll(async () => {
  await database?.drop();
}, 60_000);

/** The vendor's log, as a pipe (JSON lines) or a terminal, once it answered a page and a refusal. */
async function logOf(logLevel: HouseLogLevel, output: 'pipe' | 'terminal'): Promise<string> {
  const captured = capture(output === 'terminal');
  // Nothing here reaches the wallet: the feed and a refusal are the vendor's own answers.
  const config = defaultHouseConfig({
    database: database.handle,
    walletBaseUrl: 'http://127.0.0.1:9',
    vendorSecret: 'house-logging-test-secret',
    logLevel,
  });
  // As embedded.ts and main.ts choose it, except that a pipe here is the captured stream, not stdout.
  const logStream = output === 'terminal' ? await logDestination(captured.stream) : captured.stream;
  const house = await buildHouseApp(config, { logStream });
  try {
    await house.app.inject({ url: '/house/api/feed' });
    await house.app.inject({ url: '/house/api/nowhere' });
    house.app.log.info('the game pages may be framed by these origins');
  } finally {
    await house.app.close();
  }
  return captured.text();
}

describe(QuietRequestLog.name, () => {
  const requestLines = (log: string) =>
    log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; name?: string })
      .filter((line) => ['incoming request', 'request completed'].includes(line.msg));

  it("writes no line for each request at the default level, and Fastify's two at debug, named house-games", async () => {
    const quiet = await logOf('info', 'pipe');
    expect(requestLines(quiet)).toEqual([]);
    expect(quiet).toContain('the game pages may be framed by these origins');
    const lines = requestLines(await logOf('debug', 'pipe'));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    expect(new Set(lines.map((line) => line.name))).toEqual(new Set(['house-games']));
  });
});

describe(logDestination.name, () => {
  it('writes lines a person reads to a terminal: time, level, the name house-games and the message, no JSON', async () => {
    const log = withoutColours(await logOf('info', 'terminal'));
    expect(log).toMatch(/^\[\d\d:\d\d:\d\d\] INFO \(house-games\): the game pages may be framed by these origins$/m);
    expect(log).not.toContain('{"level"');
    expect(log).not.toContain('incoming request');
  });

  it('leaves a pipe to pino, which writes JSON lines as log collectors read them', async () => {
    expect(await logDestination(capture(false).stream)).toBeUndefined();
  });
});

describe(loadHouseEnv.name, () => {
  it('takes every LOG_LEVEL the platform takes: embedded, both read the same variable', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      expect(loadHouseEnv({ LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
    }
    expect(() => loadHouseEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});
