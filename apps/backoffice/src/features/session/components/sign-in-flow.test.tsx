import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { groupSecret } from './sign-in-flow';

const CHALLENGE = 'challenge-0123456789abcdef';
const page = { items: [], nextCursor: null };

function signedOut() {
  let session: ReturnType<typeof buildSession> | null = null;
  server.use(
    answer('session', () => session ?? fail('BO_NOT_SIGNED_IN')),
    answer('operators', page),
  );
  return { signIn: (value: ReturnType<typeof buildSession>) => (session = value) };
}

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Login/), 'demo-owner');
  await user.type(screen.getByLabelText(/^Password/), 'parlay-demo-operator');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('SignInFlow', () => {
  it('signs in with the password then a code, and goes back to the page it was sent from', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const account = signedOut();
    server.use(
      answer('signIn', async ({ request }) => {
        sent.push(await request.json());
        return { next: 'totp', challenge: CHALLENGE, expiresInSeconds: 300 };
      }),
      answer('signInTotp', async ({ request }) => {
        sent.push(await request.json());
        return account.signIn(buildSession());
      }),
    );
    renderApp('/operators?status=active');
    expect(await screen.findByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in?next=%2Foperators%3Fstatus%3Dactive');

    await enterPassword(user);
    await user.type(await screen.findByLabelText(/^Authenticator code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/operators?status=active');
    expect(sent).toEqual([
      { login: 'demo-owner', password: 'parlay-demo-operator' },
      { challenge: CHALLENGE, code: '123456' },
    ]);
  });

  it('refuses a code that is not six digits before asking the server', async () => {
    const user = userEvent.setup();
    signedOut();
    server.use(answer('signIn', { next: 'totp', challenge: CHALLENGE, expiresInSeconds: 300 }));
    renderApp('/sign-in');
    await enterPassword(user);
    await user.type(await screen.findByLabelText(/^Authenticator code/), '12a45');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The 6 digits your authenticator shows now.')).toBeVisible();
  });

  it('says a wrong code in the server words and lets the operator try again', async () => {
    const user = userEvent.setup();
    signedOut();
    server.use(
      answer('signIn', { next: 'totp', challenge: CHALLENGE, expiresInSeconds: 300 }),
      answer('signInTotp', () => fail('BO_TOTP_INVALID')),
    );
    renderApp('/sign-in');
    await enterPassword(user);
    await user.type(await screen.findByLabelText(/^Authenticator code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The authenticator code is not valid.');
    expect(screen.getByLabelText(/^Authenticator code/)).toHaveValue('');
  });

  it('starts again at the password when the challenge has run out', async () => {
    const user = userEvent.setup();
    signedOut();
    server.use(
      answer('signIn', { next: 'totp', challenge: CHALLENGE, expiresInSeconds: 300 }),
      answer('signInTotp', () => fail('BO_SIGN_IN_EXPIRED')),
    );
    renderApp('/sign-in');
    await enterPassword(user);
    await user.type(await screen.findByLabelText(/^Authenticator code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in has expired. Please start again.');
  });

  it('signs in with a recovery code instead of the authenticator', async () => {
    const user = userEvent.setup();
    const account = signedOut();
    let body: unknown;
    server.use(
      answer('signIn', { next: 'totp', challenge: CHALLENGE, expiresInSeconds: 300 }),
      answer('signInRecovery', async ({ request }) => {
        body = await request.json();
        return account.signIn(buildSession());
      }),
    );
    // Sent to sign-in from a page, so the sign-in goes back to it (the home would pick the dashboard).
    renderApp('/operators');
    await enterPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeVisible();
    expect(body).toEqual({ challenge: CHALLENGE, recoveryCode: 'abcd-efgh-ijkl' });
  });

  it('enrols the authenticator at the first sign-in and shows the recovery codes once before going on', async () => {
    const user = userEvent.setup();
    const account = signedOut();
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const codes = ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'];
    let body: unknown;
    server.use(
      answer('signIn', {
        next: 'enrol',
        challenge: CHALLENGE,
        expiresInSeconds: 300,
        enrolment: { secret, otpauthUri: `otpauth://totp/Parlay:demo-owner?secret=${secret}&issuer=Parlay` },
      }),
      answer('enrolTotp', async ({ request }) => {
        body = await request.json();
        return { ...account.signIn(buildSession()), recoveryCodes: codes };
      }),
    );
    // Sent to sign-in from a page, so the sign-in goes back to it (the home would pick the dashboard).
    renderApp('/operators');
    await enterPassword(user);

    expect(await screen.findByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
    expect(await screen.findByRole('img', { name: 'QR code to scan with the authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.getByText(groupSecret(secret))).toBeVisible();
    await user.type(screen.getByLabelText(/^The code the app now shows/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    const onward = screen.getByRole('button', { name: 'Continue to the back office' });
    expect(onward).toBeDisabled();
    await user.click(screen.getByLabelText('I have kept these codes somewhere safe.'));
    await user.click(onward);
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeVisible();
    expect(body).toEqual({ challenge: CHALLENGE, code: '654321' });
  });
});

describe(groupSecret.name, () => {
  it('writes the secret in groups of four, as authenticator apps show it', () => {
    expect(groupSecret('PARLAYDEMOTOTPSECRETNOTFORPROD22')).toBe('PARL AYDE MOTO TPSE CRET NOTF ORPR OD22');
  });
});
