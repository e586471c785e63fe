import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseChannels } from './channels';

const url = process.env['DATABASE_URL'];
const opened: DatabaseChannels[] = [];

async function open(): Promise<DatabaseChannels> {
  const channels = await DatabaseChannels.open(url!, () => undefined);
  opened.push(channels);
  return channels;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((channels) => channels.close()));
});

// LISTEN/NOTIFY needs a PostgreSQL server; PGlite runs in one process and has no other instance to reach.
describe.runIf(url)(DatabaseChannels.name, () => {
  it("gives a listener one sender's messages in the order sent", async () => {
    const channel = `test_${randomBytes(4).toString('hex')}`;
    const [sender, listener] = await Promise.all([open(), open()]);
    const heard: string[] = [];
    await listener.listen(channel, (payload) => heard.push(payload));
    const sent = Array.from({ length: 200 }, (_, index) => `message ${index}`);
    await Promise.all(sent.map((payload) => sender.notify(channel, payload)));
    await expect.poll(() => heard.length).toBe(sent.length);
    expect(heard).toEqual(sent);
  });

  it('sends one notification at a time on its connection, which pg 9 will require', async () => {
    const channel = `test_${randomBytes(4).toString('hex')}`;
    const sender = await open();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to its own client below
    const query = pg.Client.prototype.query;
    let running = 0;
    let mostAtOnce = 0;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args) {
      const isSender =
        (this as unknown as { connectionParameters: { application_name?: string } }).connectionParameters
          .application_name === 'house-channels-send';
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (!isSender || !(result instanceof Promise)) return result as never;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      return result.finally(() => {
        running -= 1;
      }) as never;
    });
    try {
      await Promise.all(Array.from({ length: 50 }, (_, index) => sender.notify(channel, `message ${index}`)));
    } finally {
      spy.mockRestore();
    }
    expect(mostAtOnce).toBe(1);
  });

  it('listens again after the server ends its connections', async () => {
    const channel = `test_${randomBytes(4).toString('hex')}`;
    const [sender, listener] = await Promise.all([open(), open()]);
    const heard: string[] = [];
    await listener.listen(channel, (payload) => heard.push(payload));
    await sender.notify(channel, 'before');
    await expect.poll(() => heard).toEqual(['before']);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // This listener's connection only (its last statement was this channel's LISTEN): other test files
      // run instances of their own on the same server.
      const ended = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE application_name = 'house-channels-listen' AND query = $1`,
        [`LISTEN "${channel}"`],
      );
      expect(ended.rows).toEqual([{ ended: true }]);
    } finally {
      await admin.end();
    }
    // The pair opens again about a second later, and the listener is back on its channel.
    await expect
      .poll(
        async () => {
          await sender.notify(channel, 'after').catch(() => undefined);
          return heard.includes('after');
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
  });
});
