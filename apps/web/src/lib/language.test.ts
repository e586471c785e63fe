import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateMemberLanguage } from './language';
import { useSessionStore } from './session-store';

describe('updateMemberLanguage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null });
  });

  it('sends nothing for a visitor', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await updateMemberLanguage('EN')).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("PUTs a signed-in member's new language", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ success: true, code: 'OK', message: '', value: { language: 'EN' } })),
    );
    vi.stubGlobal('fetch', fetch);
    useSessionStore.setState({ token: 'member-token' });
    expect(await updateMemberLanguage('EN')).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/member/language');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ language: 'EN' });
  });
});
