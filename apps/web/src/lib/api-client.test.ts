import { ACCOUNT_CALLS, DEVICE_HEADER, GAME_CALLS, SYSTEM_CALLS } from '@parlay/contract/constants';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail } from '../test/api';
import { server } from '../test/server';
import { ApiError, apiRequest } from './api-client';
import { deviceId } from './device-id';

describe(apiRequest.name, () => {
  it("fails a call that reaches no server with the catalogue's SERVICE_UNAVAILABLE and status 0", async () => {
    server.use(http.get(SYSTEM_CALLS.status.path, () => HttpResponse.error()));
    const error = await apiRequest(SYSTEM_CALLS.status).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 0 });
  });

  it("fails a refused call with the server's code, status and detail", async () => {
    server.use(http.post(GAME_CALLS.launchGame.path, () => fail('GAME_MAINTENANCE', { vassalage: 'HOUSE' })));
    const error = await apiRequest(GAME_CALLS.launchGame, { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'GAME_MAINTENANCE', status: 503, value: { vassalage: 'HOUSE' } });
  });

  it('sends the device id on the calls that ask for it (sign-in, registration), and on no other', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.post(ACCOUNT_CALLS.login.path, ({ request }) => {
        sent.push(request.headers.get(DEVICE_HEADER));
        return HttpResponse.json({ success: true, code: 'OK', message: '', value: null });
      }),
    );
    await apiRequest(ACCOUNT_CALLS.login, { body: {}, device: true });
    await apiRequest(ACCOUNT_CALLS.login, { body: {} });
    expect(sent).toEqual([deviceId(), null]);
    expect(sent[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
