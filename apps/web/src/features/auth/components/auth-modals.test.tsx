import {
  BONUS_CALLS,
  DEFAULT_REGISTER_RULES,
  SignupBonusResponseSchema,
  WHITELABEL,
  type ApiCall,
  type LoginResult,
  type RegisterSettings,
  type SecondCheckMethod,
  type SignupBonus,
  type SystemStatus,
} from '@parlay/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/web/sha';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index';
import { guardProtectedAction, useAccountGateStore } from '../../../lib/account-gate';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { answer, fail, offline, ok } from '../../../test/api';
import { createTestQueryClient, renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { authKeys } from '../api/query-keys';
import { useAuthFlowStore } from '../lib/auth-flow-store';
import type * as EncryptBody from '../lib/encrypt-body';
import { AuthModals } from './auth-modals';

// jose cannot seal a body under jsdom (its Uint8Array is of another realm): encrypted calls go as plain JSON here.
vi.mock('../lib/encrypt-body', async (importOriginal) => {
  const { apiRequest } = await import('../../../lib/api-client');
  return {
    ...(await importOriginal<typeof EncryptBody>()),
    encryptedRequest: (call: ApiCall, body: unknown, parse: (value: unknown) => unknown) =>
      apiRequest(call, { body }).then(parse),
  };
});

const status = {
  brand: { name: 'Parlay Demo' },
  whitelabel: [],
  location: { country: 'KR' },
} as unknown as SystemStatus;

async function renderModals(brand: SystemStatus = status) {
  await i18n.changeLanguage('en');
  renderWithShell(<AuthModals />, { status: brand });
}

describe(guardProtectedAction.name, () => {
  beforeEach(() => {
    // The login popup's behaviour check and settings have no server here: they fail.
    server.use(offline());
    act(() => useSessionStore.getState().endSession());
  });
  afterEach(() => {
    cleanup();
    act(() => {
      useModalStore.getState().closeModal();
      useAccountGateStore.getState().setTrueAccountWarningOpen(false);
      useSessionStore.getState().endSession();
    });
  });

  it('refuses a trial (type 4) account with the in_need_true_account warning and its confirm button', async () => {
    await renderModals();
    act(() => useSessionStore.getState().startSession({ token: 't'.repeat(43), isAgent: 4, account: 'trial' }));
    let allowed = true;
    act(() => {
      allowed = guardProtectedAction();
    });
    expect(allowed).toBe(false);
    const warning = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(warning).toHaveTextContent('This is a trial account. Please use a real account for this action.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(useAccountGateStore.getState().isTrueAccountWarningOpen).toBe(false);
  });

  it('sends a visitor to the login popup with the not-logged-in message', async () => {
    await renderModals();
    let allowed = true;
    act(() => {
      allowed = guardProtectedAction();
    });
    expect(allowed).toBe(false);
    expect(useModalStore.getState().current).toEqual({
      name: 'loginPopupModal',
      payload: { message: 'Sorry, you are not logged in yet, please log in.' },
    });
    const popup = await screen.findByRole('dialog', { name: 'Log in' });
    // The message is the popup's description, so screen readers read it with the title as it opens.
    expect(popup).toHaveAccessibleDescription('Sorry, you are not logged in yet, please log in.');
  });

  it('opens the login popup from the header with no description when there is no message', async () => {
    await renderModals();
    act(() => useModalStore.getState().openModal('loginPopupModal', {}));
    const popup = await screen.findByRole('dialog', { name: 'Log in' });
    expect(popup).not.toHaveAttribute('aria-describedby');
  });

  it('lets a real member through', () => {
    act(() => useSessionStore.getState().startSession({ token: 't'.repeat(43), isAgent: 0, account: 'demo' }));
    expect(guardProtectedAction()).toBe(true);
    expect(useAccountGateStore.getState().isTrueAccountWarningOpen).toBe(false);
  });
});

/** The brand with these whitelabel modules switched on. */
function brandWith(...modules: string[]): SystemStatus {
  return { ...status, whitelabel: modules.map((modId) => ({ modId, enabled: '1', childrenNodes: [] })) };
}

const SMS_SENT = { expiredMinutes: 5 };

/**
 * A small challenge the page really solves: the behaviour check (level 0, SHA-256) or one of the harder
 * levels (PBKDF2), as the platform issues them, with the level in its data.
 */
async function challengeOf(level: number) {
  const harder = level > 0;
  const challenge = await createChallenge({
    algorithm: harder ? 'PBKDF2/SHA-256' : 'SHA-256',
    cost: harder ? 10 : 1,
    counter: 5,
    deriveKey: harder ? derivePbkdf2 : deriveSha,
    data: { level },
  });
  return { parameters: { ...challenge.parameters }, signature: 'f'.repeat(64) };
}

/** The level of the challenge an `altcha` payload solves. */
function levelSent(body: unknown): unknown {
  const altcha = (body as { altcha: string }).altcha;
  const payload = JSON.parse(atob(altcha)) as { challenge: { parameters: { data: { level: number } } } };
  return payload.challenge.parameters.data.level;
}

const LOGIN_RESULT: LoginResult = {
  id: 7,
  account: 'demo',
  nickname: 'Demo',
  type: 0,
  toUpline: '',
  clubLabel: { labelName: 'VIP1', rankLevel: 1 },
  memberLabel: [],
  isFreePlay: false,
  language: null,
  hasMobile: true,
  hasEmail: true,
  previousLoginAt: null,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  token: 'x'.repeat(43),
  expiresAt: '2026-01-02T00:00:00.000Z',
  firstTimeLogin: false,
  passwordExpired: false,
  passwordIsDefault: false,
  cpw: false,
};
const CODE_SENT = 'The code has been sent. Please check your messages.';

/** The dialog's status region that is in the page, empty, before anything was sent. */
function emptyStatusIn(dialog: HTMLElement) {
  const region = within(dialog)
    .getAllByRole('status')
    .find((element) => element.textContent === '');
  if (!region) throw new Error('no empty status region in the dialog');
  return region;
}

describe(AuthModals.name, () => {
  // The platform API as the dialogs see it: each test answers the calls it needs; any other call fails.
  beforeEach(() => server.use(http.all('*', () => fail('NOT_FOUND'))));
  afterEach(() => {
    cleanup();
    act(() => {
      useModalStore.getState().closeModal();
      useAuthFlowStore.getState().closeChallenge();
    });
  });

  describe('loginPopupModal', () => {
    /** The dialog, its form filled in, with the behaviour check served and the sign-in answered by `login`. */
    async function openLogin(login: (body: unknown) => LoginResult | Response) {
      const sent: { call: 'login' | 'altchaFor'; body: unknown }[] = [];
      server.use(
        answer('altcha', () => challengeOf(0)),
        answer('login', async ({ request }) => {
          const body: unknown = await request.json();
          sent.push({ call: 'login', body });
          return login(body);
        }),
      );
      await renderModals();
      act(() => useModalStore.getState().openModal('loginPopupModal', {}));
      const dialog = await screen.findByRole('dialog', { name: 'Log in' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'demo');
      await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Demo1234!');
      return { dialog, sent };
    }

    afterEach(() => act(() => useSessionStore.getState().endSession()));

    it('answers CAPTCHA_REQUIRED with the harder check of that account, says so, and signs in: no image, nothing to type', async () => {
      let logins = 0;
      const { dialog, sent } = await openLogin(() =>
        (logins += 1) === 1 ? fail('CAPTCHA_REQUIRED', { captchaRequired: true }) : LOGIN_RESULT,
      );
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      server.use(
        answer('altchaFor', async ({ request }) => {
          sent.push({ call: 'altchaFor', body: await request.json() });
          await held;
          return challengeOf(2);
        }),
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
      expect(await within(dialog).findByText('Checking that you are not a robot…')).toBeVisible();
      expect(within(dialog).getByRole('progressbar', { name: 'Checking that you are not a robot…' })).toBeVisible();
      expect(within(dialog).queryByRole('img')).toBeNull();
      expect(within(dialog).queryByRole('textbox', { name: /captcha/i })).toBeNull();
      release();
      await waitFor(() => expect(sessionStorage.getItem('token')).toBe(LOGIN_RESULT.token));
      expect(sent.map(({ call }) => call)).toEqual(['login', 'altchaFor', 'login']);
      expect(sent[1]?.body).toEqual({ purpose: 'login', type: 'username', username: 'demo' });
      expect(sent.filter(({ call }) => call === 'login').map(({ body }) => levelSent(body))).toEqual([0, 2]);
    });

    it('goes straight to the harder check after a failure that asks for it: one sign-in call, not two', async () => {
      let logins = 0;
      const { dialog, sent } = await openLogin(() =>
        (logins += 1) === 1 ? fail('WRONG_ACCOUNT_OR_PASSWORD', { captchaRequired: true }) : LOGIN_RESULT,
      );
      server.use(
        answer('altchaFor', async ({ request }) => {
          sent.push({ call: 'altchaFor', body: await request.json() });
          return challengeOf(1);
        }),
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
      expect(await within(dialog).findByText('wrong account or password')).toBeVisible();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(sessionStorage.getItem('token')).toBe(LOGIN_RESULT.token));
      expect(sent.map(({ call }) => call)).toEqual(['login', 'altchaFor', 'login']);
      expect(levelSent(sent[2]?.body)).toBe(1);
    });

    it('tries the harder check once per submit, and says why when the platform still refuses it', async () => {
      const { dialog, sent } = await openLogin(() => fail('CAPTCHA_INVALID', { captchaRequired: true }));
      server.use(answer('altchaFor', () => challengeOf(3)));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
      expect(await within(dialog).findByText('The security check has expired. Please try again.')).toBeVisible();
      expect(sent.filter(({ call }) => call === 'login')).toHaveLength(2);
      expect(sessionStorage.getItem('token')).toBeNull();
    });
  });

  describe('changePassModal', () => {
    it.each([
      ['default', 'You are using the default password. Please set your own password to continue.'],
      ['expired', 'Your password has expired. Please set a new password to continue.'],
      ['firstLogin', 'Please set a new password for your first sign-in.'],
    ] as const)('reads why a %s password must change as the description, with the title', async (reason, text) => {
      await renderModals();
      act(() => useModalStore.getState().openModal('changePassModal', { reason }));
      const dialog = await screen.findByRole('dialog', { name: 'Change password' });
      expect(dialog).toHaveAccessibleDescription(text);
      expect(within(dialog).getByText(text)).toBeVisible();
    });
  });

  describe('loginVerificationModal', () => {
    async function openChallenge(methods: SecondCheckMethod[] = ['sms', 'email']) {
      server.use(answer('loginChallengeCode', SMS_SENT));
      await renderModals();
      act(() =>
        useAuthFlowStore.getState().openChallenge(
          {
            challengeId: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
            methods,
            maskedMobile: '+82 10****5678',
            maskedEmail: 'd***@parlay.example',
            expiresInSeconds: 300,
          },
          { remember: false, username: 'demo', password: 'Demo1234!' },
        ),
      );
      return screen.findByRole('dialog', { name: 'Verify it is you' });
    }

    it('reads what to do as the description, with the title', async () => {
      const dialog = await openChallenge();
      expect(dialog).toHaveAccessibleDescription(
        'You are signing in from a new location. Please complete one more check.',
      );
    });

    it("says 'code sent' in the status region that was there, empty, before the code was asked for", async () => {
      const dialog = await openChallenge();
      const region = emptyStatusIn(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Get code' }));
      expect(await within(dialog).findByText(CODE_SENT)).toBeVisible();
      expect(region).toHaveTextContent(CODE_SENT);
    });

    it('shows the checks in the order the server offers them, strongest first, starting on the first', async () => {
      const dialog = await openChallenge(['sms', 'email', 'authenticator', 'bankAccountName']);
      const tabs = within(dialog).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'SMS code',
        'E-mail code',
        'Authenticator',
        'Bank account name',
      ]);
      expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
      expect(within(dialog).getByRole('textbox', { name: 'Verification code' })).toBeVisible();
      expect(within(dialog).getByRole('button', { name: 'Get code' })).toBeVisible();
      await userEvent.click(tabs[3]!);
      expect(within(dialog).getByRole('textbox', { name: 'Bank account name' })).toBeVisible();
      expect(within(dialog).queryByRole('button', { name: 'Get code' })).toBeNull();
    });

    it('asks an authenticator code on the number pad, a recovery code (letters too) on the text keyboard', async () => {
      const dialog = await openChallenge(['authenticator', 'sms']);
      const code = within(dialog).getByRole('textbox', { name: 'Authenticator code' });
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('maxlength', '6');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
      const recovery = within(dialog).getByRole('textbox', { name: 'Recovery code' });
      expect(recovery).toHaveAttribute('inputmode', 'text');
      expect(recovery).toHaveAttribute('autocomplete', 'off');
      expect(recovery).toHaveAttribute('autocapitalize', 'off');
      let sent: unknown;
      server.use(
        http.post('*/wps/session/login/verification', async ({ request }) => {
          sent = await request.json();
          return fail('LOGIN_VERIFICATION_LOCKED', { retryAfterSeconds: 3600 });
        }),
      );
      await userEvent.type(recovery, 'abcde-fgh23');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Verify and log in' }));
      expect(await within(dialog).findByText(/Too many failed verifications/)).toBeVisible();
      expect(sent).toMatchObject({ method: 'authenticator', answer: 'abcde-fgh23' });
      await userEvent.click(within(dialog).getByRole('button', { name: "Use the authenticator's code" }));
      expect(within(dialog).getByRole('textbox', { name: 'Authenticator code' })).toHaveAttribute(
        'inputmode',
        'numeric',
      );
      await userEvent.click(within(dialog).getByRole('tab', { name: 'SMS code' }));
      expect(within(dialog).queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
    });

    it('says so when too many failed checks have locked the second check', async () => {
      const dialog = await openChallenge(['bankAccountName']);
      server.use(
        http.post('*/wps/session/login/verification', () =>
          fail('LOGIN_VERIFICATION_LOCKED', { retryAfterSeconds: 3600 }),
        ),
      );
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bank account name' }), 'Kim Minsu');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Verify and log in' }));
      expect(await within(dialog).findByText(/Too many failed verifications/)).toBeVisible();
    });
  });

  describe('forgetPassModal', () => {
    it("says 'code sent' in the mobile tab's status region that was there, empty, before", async () => {
      server.use(answer('loginSms', SMS_SENT));
      await renderModals();
      act(() => useModalStore.getState().openModal('forgetPassModal', {}));
      const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
      const region = emptyStatusIn(dialog);
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mobile number' }), '1012345678');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Get code' }));
      expect(await within(dialog).findByText(CODE_SENT)).toBeVisible();
      expect(region).toHaveTextContent(CODE_SENT);
    });

    it('says the reset link is on its way in the status region that was there, empty, before it was sent', async () => {
      server.use(answer('emailRecovery', { sent: true }));
      await renderModals(brandWith(WHITELABEL.RECOVER_BY_PHONE));
      act(() => useModalStore.getState().openModal('forgetPassModal', { tab: 'email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
      const region = emptyStatusIn(dialog);
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'demo');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'demo@parlay.example');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
      expect(await within(dialog).findByText(/a reset link is on its way/)).toBeVisible();
      expect(region).toHaveTextContent('a reset link is on its way');
    });

    it('puts focus, once the reset link is on its way, on the button that closes, which reads the message with it', async () => {
      server.use(answer('emailRecovery', { sent: true }));
      await renderModals(brandWith(WHITELABEL.RECOVER_BY_PHONE));
      act(() => useModalStore.getState().openModal('forgetPassModal', { tab: 'email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'demo');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'demo@parlay.example');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
      await within(dialog).findByText(/a reset link is on its way/);
      const focused = document.activeElement;
      expect(focused).not.toBe(document.body);
      expect(dialog).toContainElement(focused as HTMLElement);
      // The dialog's own close (×) has the same name; this one is the form's, with the message as its description.
      expect(focused).toHaveRole('button');
      expect(focused).toHaveAccessibleName('CLOSE');
      expect(focused).toHaveAccessibleDescription(/a reset link is on its way/);
    });

    /** Opens the dialog of the e-mailed link, fills in a new password and returns the dialog. */
    async function openResetLink() {
      server.use(answer('emailReset', null));
      await renderModals();
      act(() => useModalStore.getState().openModal('forgetPassModal', { resetToken: 'r'.repeat(43) }));
      const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
      await userEvent.type(within(dialog).getByLabelText(/^New password/), 'Linked5678!');
      await userEvent.type(within(dialog).getByLabelText(/^Confirm new password/), 'Linked5678!');
      return dialog;
    }

    it("reads the reset link's instructions as the description until the link is used", async () => {
      const dialog = await openResetLink();
      expect(dialog).toHaveAccessibleDescription('Choose a new password for your account. The link works once.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
      expect(
        await within(dialog).findByText('Your password is set. Please log in with the new password.'),
      ).toBeVisible();
      expect(dialog).not.toHaveAttribute('aria-describedby');
    });

    it('says the password is set in the status region that was there, empty, before the link was used', async () => {
      const dialog = await openResetLink();
      const region = emptyStatusIn(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
      expect(await within(dialog).findByRole('button', { name: 'Log in' })).toBeVisible();
      expect(region).toHaveTextContent('Your password is set. Please log in with the new password.');
    });

    it('puts focus, once the password is set, on the Log in button, which reads the message with it', async () => {
      const dialog = await openResetLink();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
      const logIn = await within(dialog).findByRole('button', { name: 'Log in' });
      expect(document.activeElement).not.toBe(document.body);
      expect(logIn).toHaveFocus();
      expect(logIn).toHaveAccessibleDescription('Your password is set. Please log in with the new password.');
    });
  });

  describe('registerModal', () => {
    const WON = { ...status, brand: { ...status.brand, currencySymbol: '₩' } };
    const answerSignupBonus = (bonus: SignupBonus) =>
      http.get(BONUS_CALLS.signupBonus.path, () => ok(SignupBonusResponseSchema, bonus));

    it("advertises the brand's real sign-up bonus in its currency, in English and Korean", async () => {
      server.use(
        answerSignupBonus({ amountMinor: 5_000, currency: 'KRW', currencyExponent: 0, wageringMultiplier: 3 }),
      );
      await renderModals(WON);
      act(() => useModalStore.getState().openModal('registerModal', {}));
      const dialog = await screen.findByRole('dialog', { name: 'Register and get ₩5,000' });
      expect(within(dialog).getByTestId('register-bonus')).toHaveTextContent(
        'Sign-up bonus ₩5,000 · wager it 3× to withdraw it',
      );
      expect(dialog).not.toHaveTextContent('1000VND');
      await act(() => i18n.changeLanguage('ko'));
      expect(await screen.findByRole('dialog', { name: '회원가입하고 ₩5,000 받기' })).toBeInTheDocument();
    });

    it('names no bonus when the brand offers none', async () => {
      server.use(answerSignupBonus(null));
      const client = createTestQueryClient();
      await i18n.changeLanguage('en');
      renderWithShell(<AuthModals />, { status: WON, client });
      act(() => useModalStore.getState().openModal('registerModal', {}));
      // The brand's answer is in: it offers no sign-up bonus.
      await waitFor(() => expect(client.getQueryState(authKeys.signupBonus())?.status).toBe('success'));
      const dialog = screen.getByRole('dialog', { name: 'Register' });
      expect(within(dialog).queryByTestId('register-bonus')).toBeNull();
      expect(dialog).not.toHaveTextContent(/bonus|1000VND/i);
    });

    it("says 'code sent' in the status region that was there, empty, before the code was asked for", async () => {
      const settings: RegisterSettings = {
        rules: DEFAULT_REGISTER_RULES,
        directRegister: true,
        usernameRegistration: false,
        mobileRegistration: true,
        smsVerification: true,
        mobilePassword: true,
        expiredMinutes: 5,
        minimumAge: 18,
        birthdayMinimumAge: 21,
      };
      server.use(answer('registerSettings', settings), answer('registerSms', SMS_SENT));
      await renderModals(brandWith(WHITELABEL.REGISTER_MOBILE));
      act(() => useModalStore.getState().openModal('registerModal', {}));
      const dialog = await screen.findByRole('dialog', { name: /Register/ });
      const mobile = await within(dialog).findByRole('textbox', { name: 'Mobile number' });
      const region = emptyStatusIn(dialog);
      await userEvent.type(mobile, '1012345678');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Get code' }));
      expect(await within(dialog).findByText(CODE_SENT)).toBeVisible();
      expect(region).toHaveTextContent(CODE_SENT);
    });
  });
});
