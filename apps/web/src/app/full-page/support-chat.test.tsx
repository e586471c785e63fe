import {
  CustomerServiceResponseSchema,
  OpenSupportResponseSchema,
  SUPPORT_CALLS,
  SUPPORT_VISITOR_HEADER,
  SupportMessageResponseSchema,
  SYSTEM_CALLS,
  WALLET_CALLS,
  type SupportMessage,
} from '@parlay/contract';
import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, ws } from 'msw';
import { webcrypto } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index';
import { useContactUs } from './use-contact-us';
import { fail, ok } from '../../test/api';
import { server } from '../../test/server';
import { useSupportChatStore } from '../../features/support/support-chat-store';

/** A link sealed as the server seals it: base64url(iv || AES-256-GCM) + the 8-character key. */
async function seal(text: string, key: string): Promise<string> {
  const digest = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  const aesKey = await webcrypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const sealed = await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, new TextEncoder().encode(text));
  return Buffer.concat([iv, new Uint8Array(sealed)]).toString('base64url') + key;
}

const at = '2026-11-29T04:00:00.000Z';
const question: SupportMessage = {
  id: 1,
  conversationId: 7,
  from: 'customer',
  text: 'Where is my deposit?',
  imageId: null,
  operatorName: null,
  createdAt: at,
};

// The customer-service link of the demo brand leads back to the help page, which says to contact customer service:
// the built-in chat opens instead, and it is honest that nobody is online (docs/product/site-shell-and-routes.md).
describe('the support chat', () => {
  const sentTokens: (string | null)[] = [];
  let opened: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    // Test files share one i18n (isolate: false): this one reads the Korean names.
    await i18n.changeLanguage('ko');
    sentTokens.length = 0;
    localStorage.clear();
    opened = vi.spyOn(window, 'open');
    server.use(
      http.get(SYSTEM_CALLS.customerService.path, async () =>
        ok(CustomerServiceResponseSchema, {
          version: { pathList: [{ type: 3, path: await seal('/helpmc#contact', 'Ab3dE5gH') }] },
        }),
      ),
      // The visitor's socket: once it says who it is, an operator's reply arrives on it.
      ws
        .link(`ws://${location.host}${WALLET_CALLS.balanceSocket.path}`)
        .addEventListener('connection', ({ client }) => {
          client.addEventListener('message', (event) => {
            const sent = JSON.parse(typeof event.data === 'string' ? event.data : '{}') as {
              type: string;
              visitorToken?: string;
            };
            if (sent.type !== 'supportAuth') return;
            client.send(JSON.stringify({ type: 'supportReady', conversationId: 7 }));
            const reply = { ...question, id: 3, from: 'operator', text: 'It arrived.', operatorName: 'demo-support' };
            client.send(JSON.stringify({ type: 'supportMessage', message: reply }));
          });
        }),
      http.post(SUPPORT_CALLS.openSupport.path, ({ request }) => {
        sentTokens.push(request.headers.get(SUPPORT_VISITOR_HEADER));
        return ok(OpenSupportResponseSchema, {
          conversation: { id: 7, status: 'open', operatorsOnline: false, messages: [question] },
          visitorToken: `7.${'a'.repeat(64)}`,
        });
      }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => useSupportChatStore.getState().close());
  });

  it('opens the built-in chat, not a window back to the help page, with the history and the offline notice', async () => {
    const { result } = renderHook(() => useContactUs());
    act(() => result.current.contact());
    const chat = await screen.findByRole('dialog', { name: '고객센터' }, { timeout: 5_000 });
    expect(opened).not.toHaveBeenCalled();
    expect(await within(chat).findByText('Where is my deposit?')).toBeInTheDocument();
    expect(within(chat).getByText(/지금은 연결된 상담원이 없습니다/)).toBeInTheDocument();
    // The reply comes over the visitor's socket, and with it the proof someone is there.
    expect(await within(chat).findByText('It arrived.')).toBeInTheDocument();
    expect(within(chat).getByText('상담원 연결 가능')).toBeInTheDocument();
    // A first visit has no token; the one the server signed is kept for the next calls.
    expect(sentTokens).toEqual([null]);
    expect(localStorage.getItem('supportVisitorToken')).toBe(`7.${'a'.repeat(64)}`);
  });

  it('sends a message and shows a refused picture’s translated reason', async () => {
    server.use(
      http.post(SUPPORT_CALLS.sendSupportMessage.path, async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        return ok(SupportMessageResponseSchema, { ...question, id: 2, text });
      }),
      http.post(SUPPORT_CALLS.sendSupportImage.path, () => fail('SUPPORT_IMAGE_INVALID')),
    );
    const { result } = renderHook(() => useContactUs());
    act(() => result.current.contact());
    const chat = await screen.findByRole('dialog', { name: '고객센터' }, { timeout: 5_000 });
    await within(chat).findByText('Where is my deposit?');
    const user = userEvent.setup();
    await user.type(within(chat).getByRole('textbox', { name: '메시지' }), 'Thank you{Enter}');
    expect(await within(chat).findByText('Thank you')).toBeInTheDocument();
    expect(within(chat).getByRole('textbox', { name: '메시지' })).toHaveValue('');

    const file = new File(['<html></html>'], 'shot.png', { type: 'image/png' });
    await user.upload(within(chat).getByTestId('support-attach'), file);
    expect(await within(chat).findByRole('alert')).toHaveTextContent(
      'Only PNG, JPEG or WebP pictures can be attached.',
    );
  });
});
