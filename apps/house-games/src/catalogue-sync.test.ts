import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { CatalogueFeedSchema, VENDOR_HEADERS } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMember } from '../../server/src/test/members';
import type { HouseApp } from './app';
import { HOUSE_VENDOR_CODE } from './catalogue';
import { GAME_CODES } from './games/rules';
import { startHouse, startPlatform, VENDOR_SECRET, type Platform } from './test/platform';

/** A port nothing listens on yet, so the vendor can name its public origin before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('catalogue sync with the house games vendor', () => {
  let platform: Platform;
  let house: HouseApp;
  let origin: string;

  beforeAll(async () => {
    platform = await startPlatform();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    house = await startHouse(platform.url, platform, { publicUrl: origin });
    await house.app.listen({ port, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await house?.app.close();
    await platform?.close();
  }, 60_000);

  it('publishes its feed signed with the wallet secret, naming its own address', async () => {
    const response = await fetch(`${origin}/house/api/feed`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(response.headers.get(VENDOR_HEADERS.signature)).toBe(
      createHmac('sha256', VENDOR_SECRET).update(body).digest('hex'),
    );
    const feed = CatalogueFeedSchema.parse(JSON.parse(body));
    expect(feed.vendor).toMatchObject({
      code: HOUSE_VENDOR_CODE,
      launchUrl: `${origin}/house/play`,
      catalogueUrl: `${origin}/house/api/feed`,
    });
  });

  it('is imported once from its address, then read again by the platform over HTTP', async () => {
    const { catalogueSync } = platform.test.app.gaming;
    const feed: unknown = await (await fetch(`${origin}/house/api/feed`)).json();
    // The operator's import: the vendor exists, so its wallet secret stays the one both sides hold.
    expect(await catalogueSync.importFeed(feed)).toMatchObject({ vendor: HOUSE_VENDOR_CODE, vendorCreated: false });
    const result = await catalogueSync.syncCatalogue(HOUSE_VENDOR_CODE);
    expect(result).toMatchObject({ vendor: HOUSE_VENDOR_CODE, vendorCreated: false, games: GAME_CODES.length });
    expect(result).not.toHaveProperty('walletSecret');
    // And the games still launch on the vendor's origin, signed with the secret the vendor checks.
    const launch = await platform.test.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?vassalage=${HOUSE_VENDOR_CODE}&gameCode=dice&playMode=trial`,
      headers: { authorization: await signedInAuthorization(platform) },
    });
    expect(new URL(launch.json<{ value: { game_url: string } }>().value.game_url).origin).toBe(origin);
  });

  it('is refused by the platform when signed with another secret, and the catalogue stays', async () => {
    const port = await freePort();
    const impostorOrigin = `http://127.0.0.1:${port}`;
    const impostor = await startHouse(platform.url, platform, {
      publicUrl: impostorOrigin,
      vendorSecret: 'not-the-secret-the-platform-holds',
    });
    await impostor.app.listen({ port, host: '127.0.0.1' });
    try {
      const { catalogueSync } = platform.test.app.gaming;
      // Pointed at the impostor (as an altered feed address would be), the platform reads and refuses it.
      const feed = (await (await fetch(`${origin}/house/api/feed`)).json()) as {
        vendor: { catalogueUrl: string };
      };
      feed.vendor.catalogueUrl = `${impostorOrigin}/house/api/feed`;
      await catalogueSync.importFeed(feed);
      await expect(catalogueSync.syncCatalogue(HOUSE_VENDOR_CODE)).rejects.toMatchObject({
        code: 'VENDOR_SIGNATURE_INVALID',
      });
    } finally {
      await impostor.app.close();
    }
  });
});

async function signedInAuthorization(platform: Platform): Promise<string> {
  const member = await createTestMember(platform.test.app);
  const { token } = await platform.test.app.sessions.createSession(member, { ip: '127.0.0.1', userAgent: 'vitest' });
  return `Bearer ${token}`;
}
