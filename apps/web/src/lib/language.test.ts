import { afterEach, describe, expect, it } from 'vitest';
import { answer } from '../test/api';
import { recordRequests, server } from '../test/server';
import { updateMemberLanguage } from './language';
import { useSessionStore } from './session-store';

describe('updateMemberLanguage', () => {
  afterEach(() => {
    useSessionStore.setState({ token: null });
  });

  it('sends nothing for a visitor', async () => {
    const sent = recordRequests();
    expect(await updateMemberLanguage('EN')).toBe(false);
    expect(sent).toEqual([]);
  });

  it("PUTs a signed-in member's new language", async () => {
    const sent: { url: string; method: string; body: unknown }[] = [];
    server.use(
      answer('memberLanguage', async ({ request }) => {
        sent.push({ url: request.url, method: request.method, body: await request.json() });
        return { language: 'EN' };
      }),
    );
    useSessionStore.setState({ token: 'member-token' });
    expect(await updateMemberLanguage('EN')).toBe(true);
    expect(sent).toEqual([
      { url: new URL('/wps/member/language', location.href).href, method: 'PUT', body: { language: 'EN' } },
    ]);
  });
});
