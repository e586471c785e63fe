import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HouseApp } from '../app';
import { startHouse, startPlatform, type Platform } from '../test/platform';
import { registerCrashRoutes } from './crash.routes';

let platform: Platform;
let house: HouseApp;
let origin: string;

beforeAll(async () => {
  platform = await startPlatform();
  house = await startHouse(platform.url, platform);
  await house.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(house.app.server.address() as AddressInfo).port}`;
  await house.start();
}, 180_000);

afterAll(async () => {
  await house?.app.close();
  await platform?.close();
}, 60_000);

/** How an opening handshake ends: the socket open, or the HTTP status that refused it. */
function handshake(socket: WebSocket): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve('open'));
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe(registerCrashRoutes.name, () => {
  it("answers a plain GET of the live feed's address as an unknown address, in the house's envelope", async () => {
    const response = await house.app.inject({ url: '/house/api/crash/ws', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'HOUSE_NOT_FOUND' });
  });

  it('refuses a socket at any other address with 404 instead of leaving its connection open', async () => {
    // The handshake timeout is the client's bound on a server that never answers.
    const socket = new WebSocket(`${origin}/house/api/crash/other`, { handshakeTimeout: 5_000 });
    expect(await handshake(socket)).toBe(404);
  });

  it('sends a new socket the snapshot first, and closes one that sends more than 1 KiB (1009)', async () => {
    const socket = new WebSocket(`${origin}/house/api/crash/ws`);
    const first = once(socket, 'message');
    expect(await handshake(socket)).toBe('open');
    const [data] = (await first) as [Buffer];
    expect(JSON.parse(data.toString())).toMatchObject({ type: 'snapshot' });
    const closed = once(socket, 'close');
    socket.send('x'.repeat(1025));
    const [code] = (await closed) as [number];
    expect(code).toBe(1009);
  });

  it('ends its open sockets when the vendor stops, so that stopping does not wait on them', async () => {
    const other = await startHouse(platform.url, platform);
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(
      `ws://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/house/api/crash/ws`,
    );
    expect(await handshake(socket)).toBe('open');
    const closed = once(socket, 'close');
    await other.app.close();
    // 1006: the connection ended with no close frame; a close handshake would have given 1005.
    const [code] = (await closed) as [number];
    expect(code).toBe(1006);
  });
});
