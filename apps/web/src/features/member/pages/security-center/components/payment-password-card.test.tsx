import {
  PaymentPasswordCodeSentResponseSchema,
  PaymentPasswordChangedResponseSchema,
  PaymentPasswordStatusResponseSchema,
  SECURITY_CALLS,
  type PaymentPasswordStatus,
} from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../../i18n/index';
import { useSessionStore } from '../../../../../lib/session-store';
import { ok } from '../../../../../test/api';
import { renderWithShell } from '../../../../../test/render-with-shell';
import { server } from '../../../../../test/server';
import { PaymentPasswordCard } from './payment-password-card';

const status = (changes: Partial<PaymentPasswordStatus> = {}): PaymentPasswordStatus => ({
  isSet: false,
  lockedUntil: null,
  attemptsLeft: 5,
  resetTargets: [
    { channel: 'sms', target: '+82 10****5678' },
    { channel: 'email', target: 'de**@parlay.example' },
  ],
  ...changes,
});

function answerStatus(state: { status: PaymentPasswordStatus }) {
  server.use(
    http.get(SECURITY_CALLS.paymentPassword.path, () => ok(PaymentPasswordStatusResponseSchema, state.status)),
  );
}

describe('PaymentPasswordCard', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo01' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it('sets the first one with the login password, on a masked number pad of 6 digits', async () => {
    const state = { status: status() };
    answerStatus(state);
    const sent: unknown[] = [];
    server.use(
      http.post(SECURITY_CALLS.setPaymentPassword.path, async ({ request }) => {
        sent.push(await request.json());
        state.status = status({ isSet: true });
        return ok(PaymentPasswordChangedResponseSchema, null);
      }),
    );
    renderWithShell(<PaymentPasswordCard />);
    const card = await screen.findByRole('region', { name: /Payment password/ });
    expect(within(card).getByText('Not set')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Set payment password' }));

    const pin = within(card).getByLabelText('New payment password');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('maxlength', '6');
    await userEvent.type(within(card).getByLabelText('Login password'), 'Demo1234!');
    await userEvent.type(pin, '12ab34567');
    expect(pin).toHaveValue('123456');
    await userEvent.type(within(card).getByLabelText('New payment password again'), '123450');
    expect(within(card).getByText('The two new payment passwords differ.')).toBeVisible();
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(within(card).getByLabelText('New payment password again'));
    await userEvent.type(within(card).getByLabelText('New payment password again'), '123456');
    await userEvent.click(save);

    expect(await within(card).findByText('Your payment password is set.')).toBeVisible();
    expect(sent).toEqual([{ loginPassword: 'Demo1234!', newPassword: '123456' }]);
    expect(await within(card).findByRole('button', { name: 'Change' })).toBeVisible();
    expect(within(card).getByText('Set')).toBeVisible();
  });

  it('shows a wrong try with the tries left, then the lock with its unlock time', async () => {
    const state = { status: status({ isSet: true }) };
    answerStatus(state);
    let tries = 0;
    server.use(
      http.post(SECURITY_CALLS.changePaymentPassword.path, () => {
        tries += 1;
        if (tries === 1) {
          state.status = status({ isSet: true, attemptsLeft: 4 });
          return HttpResponse.json(
            {
              success: false,
              code: 'PAYMENT_PASSWORD_WRONG',
              message: 'The payment password is incorrect. 4 tries left.',
              value: { attemptsLeft: 4 },
            },
            { status: 400 },
          );
        }
        state.status = status({ isSet: true, attemptsLeft: 0, lockedUntil: '2026-11-27T03:15:00.000Z' });
        return HttpResponse.json(
          {
            success: false,
            code: 'PAYMENT_PASSWORD_LOCKED',
            message: 'Too many wrong payment passwords: it is locked. Try again in 15 min, or reset it with a code.',
            value: { lockedUntil: '2026-11-27T03:15:00.000Z', retryAfterSeconds: 900 },
          },
          { status: 429 },
        );
      }),
    );
    renderWithShell(<PaymentPasswordCard />);
    const card = await screen.findByRole('region', { name: /Payment password/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Change' }));
    await userEvent.type(within(card).getByLabelText('Current payment password'), '000000');
    await userEvent.type(within(card).getByLabelText('New payment password'), '654321');
    await userEvent.type(within(card).getByLabelText('New payment password again'), '654321');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The payment password is incorrect. 4 tries left.',
    );
    expect(await within(card).findByText('4 wrong tries left before it locks for 15 minutes.')).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Locked')).toBeVisible();
    // 03:15 UTC in the brand's zone (Asia/Seoul when none is loaded).
    expect(within(card).getByText(/locked until .*12:15/)).toBeVisible();
    expect(within(card).getByRole('alert')).toHaveTextContent('Try again in 15 min');
  });

  it('resets with a code sent to the chosen bound contact', async () => {
    const state = { status: status({ isSet: true, attemptsLeft: 0, lockedUntil: '2026-11-27T03:15:00.000Z' }) };
    answerStatus(state);
    const sent: unknown[] = [];
    server.use(
      http.post(SECURITY_CALLS.sendPaymentPasswordCode.path, async ({ request }) => {
        sent.push(await request.json());
        return ok(PaymentPasswordCodeSentResponseSchema, { target: 'de**@parlay.example', expiresInMinutes: 5 });
      }),
      http.post(SECURITY_CALLS.resetPaymentPassword.path, async ({ request }) => {
        sent.push(await request.json());
        state.status = status({ isSet: true });
        return ok(PaymentPasswordChangedResponseSchema, null);
      }),
    );
    renderWithShell(<PaymentPasswordCard />);
    const card = await screen.findByRole('region', { name: /Payment password/ });
    expect(within(card).getByRole('button', { name: 'Change' })).toBeDisabled();
    await userEvent.click(within(card).getByRole('button', { name: 'Forgot it?' }));
    await userEvent.click(within(card).getByLabelText('E-mail to de**@parlay.example'));
    await userEvent.click(within(card).getByRole('button', { name: 'Send code' }));
    expect(
      await within(card).findByText('A code was sent to de**@parlay.example; it is valid for 5 minutes.'),
    ).toBeVisible();
    await userEvent.type(within(card).getByLabelText('Code'), '482913');
    await userEvent.type(within(card).getByLabelText('New payment password'), '777111');
    await userEvent.type(within(card).getByLabelText('New payment password again'), '777111');
    await userEvent.click(within(card).getByRole('button', { name: 'Reset' }));

    expect(await within(card).findByText('Your payment password was reset.')).toBeVisible();
    expect(sent).toEqual([{ channel: 'email' }, { channel: 'email', code: '482913', newPassword: '777111' }]);
    expect(await within(card).findByText('Set')).toBeVisible();
    expect(within(card).queryByText('Locked')).toBeNull();
  });
});
