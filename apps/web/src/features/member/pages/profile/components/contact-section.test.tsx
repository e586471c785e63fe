import {
  BoundContactsResponseSchema,
  ContactChangeResponseSchema,
  type BoundContacts,
  type ContactChange,
} from '@parlay/contract';
import { CONTACT_CALLS } from '@parlay/contract/constants';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { addKoreanTexts } from '../../../../../i18n/index';
import koTexts from '../../../../../i18n/locales/ko/member-profile.json';
import { useSessionStore } from '../../../../../lib/session-store';
import { fail, ok, offline } from '../../../../../test/api';
import { renderWithShell } from '../../../../../test/render-with-shell';
import { server } from '../../../../../test/server';
import { ContactSection } from './contact-section';

const TICKET = '5b0f7c9e-3f0a-4d2b-9a53-1c7e2f9d0a11';
let contacts: BoundContacts;
let sent: { call: string; body: unknown }[] = [];

const change = (over: Partial<ContactChange>): ContactChange => ({
  ticketId: TICKET,
  kind: 'mobile',
  step: 'verifyCurrent',
  maskedCurrent: '+82 10****5678',
  maskedNew: null,
  expiredMinutes: 5,
  expiresInSeconds: 900,
  ...over,
});

function record(call: string, reply: (body: Record<string, unknown>) => Response) {
  const { path } = CONTACT_CALLS[call as keyof typeof CONTACT_CALLS];
  return http.post(path, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ call, body });
    return reply(body);
  });
}

describe(ContactSection.name, () => {
  beforeEach(async () => {
    sent = [];
    contacts = { mobile: { masked: '+82 10****5678', countryDialingCode: '82' }, email: null };
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo01' });
    await i18n.changeLanguage('en');
    server.use(
      http.get(CONTACT_CALLS.contacts.path, () => ok(BoundContactsResponseSchema, contacts)),
      offline(),
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('changes the mobile: a code to the old number, then the new number and its code, counting each send down', async () => {
    server.use(
      record('startContactChange', () => ok(ContactChangeResponseSchema, change({}))),
      record('verifyCurrentContact', () =>
        ok(ContactChangeResponseSchema, change({ step: 'newContact', expiredMinutes: null })),
      ),
      record('sendNewContactCode', () =>
        ok(ContactChangeResponseSchema, change({ step: 'verifyNew', maskedNew: '+82 10****9999' })),
      ),
      record('confirmContactChange', () =>
        ok(BoundContactsResponseSchema, {
          mobile: { masked: '+82 10****9999', countryDialingCode: '82' },
          email: null,
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithShell(<ContactSection />);
    expect(await screen.findByText('+82 10****5678')).toBeVisible();
    expect(screen.getByText('Not bound')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Change the mobile number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the mobile number' });
    expect(dialog).toHaveTextContent('Step 1 of 3');
    expect(dialog).toHaveTextContent('We will send a code to +82 10****5678.');

    // Next before a code was sent asks for one; nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Send a code first.');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await within(dialog).findByRole('button', { name: /Send the code again in (299|300) seconds/ }),
    ).toBeDisabled();
    expect(dialog).toHaveTextContent('A code was sent to +82 10****5678. It is valid for 5 minutes.');
    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await within(dialog).findByText('Step 2 of 3')).toBeVisible();
    await user.type(within(dialog).getByLabelText('New mobile number'), '010-9999 9999');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await within(dialog).findByText('A code was sent to +82 10****9999. It is valid for 5 minutes.'),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Verification code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your mobile number is now +82 10****9999.');
    expect(sent).toEqual([
      { call: 'startContactChange', body: { kind: 'mobile' } },
      { call: 'verifyCurrentContact', body: { ticketId: TICKET, code: '123456' } },
      { call: 'sendNewContactCode', body: { ticketId: TICKET, countryDialingCode: '82', mobileNum: '01099999999' } },
      { call: 'confirmContactChange', body: { ticketId: TICKET, code: '654321' } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The section shows what the server answered.
    expect(screen.queryByText('+82 10****5678')).toBeNull();
    expect(screen.getByText('+82 10****9999')).toBeVisible();
  });

  it('binds a first e-mail with the login password, shows refusals, and starts again when the change expired', async () => {
    // The clock only: the send button's one-press-a-second rule reads it.
    vi.useFakeTimers({ toFake: ['Date'] });
    let confirmations = 0;
    server.use(
      record('startContactChange', () =>
        ok(
          ContactChangeResponseSchema,
          change({ kind: 'email', step: 'newContact', maskedCurrent: null, expiredMinutes: null }),
        ),
      ),
      record('sendNewContactCode', (body) =>
        body['email'] === 'taken@mail.io'
          ? fail('EMAIL_EXISTS')
          : ok(ContactChangeResponseSchema, change({ kind: 'email', step: 'verifyNew', maskedNew: 'ne*@mail.io' })),
      ),
      record('confirmContactChange', () => {
        confirmations += 1;
        return fail('CONTACT_CHANGE_EXPIRED');
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<ContactSection />);
    await user.click(await screen.findByRole('button', { name: 'Bind an e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bind an e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter your login password.');
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('Login password'), 'Demo1234!');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Step 2 of 3')).toBeVisible();
    expect(sent[0]).toEqual({ call: 'startContactChange', body: { kind: 'email', password: 'Demo1234!' } });

    const address = within(dialog).getByLabelText('New e-mail');
    await user.type(address, 'taken@mail.io');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This e-mail is already registered.');
    await user.clear(address);
    await user.type(address, 'new@mail.io');
    // A refused send starts no countdown: the button sends again as soon as a second has passed since the press.
    vi.setSystemTime(Date.now() + 1_100);
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/A code was sent to ne\*@mail\.io/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Verification code'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This change has expired');
    expect(confirmations).toBe(1);
    expect(dialog).toHaveTextContent('Step 1 of 3');
    expect(within(dialog).getByLabelText('Login password')).toBeVisible();
  });

  it('says so in Korean', async () => {
    addKoreanTexts('member-profile', koTexts);
    await i18n.changeLanguage('ko');
    renderWithShell(<ContactSection />);
    expect(await screen.findByRole('heading', { name: '휴대폰 번호와 이메일' })).toBeVisible();
    expect(await screen.findByRole('button', { name: '휴대폰 번호 변경' })).toBeVisible();
    expect(screen.getByText('등록 안 됨')).toBeVisible();
  });
});
