import { CustomerServiceResponseSchema, SYSTEM_CALLS } from '@parlay/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { webcrypto } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { ok } from '../../test/api';
import { server } from '../../test/server';
import { useContactUs } from './use-contact-us';

/** A link sealed as the server seals it: base64url(iv || AES-256-GCM) + the 8-character key. */
async function seal(text: string, key: string): Promise<string> {
  const digest = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  const aesKey = await webcrypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const sealed = await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, new TextEncoder().encode(text));
  return Buffer.concat([iv, new Uint8Array(sealed)]).toString('base64url') + key;
}

// The VIP chat is offered above rank level 4 (docs/product/site-shell-and-routes.md#customer-service): the rank is
// the session's at the moment of the click, so a level reached since sign-in counts at once.
describe(useContactUs.name, () => {
  const opened: { location: { href: string }; close: () => void }[] = [];
  beforeEach(async () => {
    opened.length = 0;
    vi.spyOn(window, 'open').mockImplementation(() => {
      const popup = { location: { href: 'about:blank' }, close: vi.fn() };
      opened.push(popup);
      return popup as unknown as Window;
    });
    const pathList = [
      { type: 3, path: await seal('https://chat.example.com/live', 'Ab3dE5gH') },
      { type: 1, path: await seal('https://chat.example.com/vip', 'Zy9xW8vU') },
    ];
    server.use(
      http.get(SYSTEM_CALLS.customerService.path, () => ok(CustomerServiceResponseSchema, { version: { pathList } })),
    );
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().endSession();
  });

  it('opens live chat at rank level 4 and the VIP chat once the member reaches level 5', async () => {
    useSessionStore
      .getState()
      .setMember({ id: 7, account: 'demo', type: 0, clubLabel: { labelName: 'VIP4', rankLevel: 4 } });
    const { result } = renderHook(() => useContactUs());
    act(() => result.current.contact());
    await waitFor(() => expect(opened[0]?.location.href).toBe('https://chat.example.com/live'));

    act(() =>
      useSessionStore
        .getState()
        .setMember({ id: 7, account: 'demo', type: 0, clubLabel: { labelName: 'VIP5', rankLevel: 5 } }),
    );
    act(() => result.current.contact());
    await waitFor(() => expect(opened[1]?.location.href).toBe('https://chat.example.com/vip'));
    expect(result.current.error).toBeNull();
  });
});
