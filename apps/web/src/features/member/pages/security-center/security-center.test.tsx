import {
  KYC_CALLS,
  KycStateResponseSchema,
  type KycState,
  AuthenticatorEnrolmentResponseSchema,
  KnownIpsResponseSchema,
  MemberRecoveryCodesResponseSchema,
  MemberSessionsResponseSchema,
  PaymentPasswordStatusResponseSchema,
  SECURITY_CALLS,
  SecurityOverviewResponseSchema,
  SignInHistoryResponseSchema,
  SignOutSessionsResponseSchema,
  type SecurityOverview,
} from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useModalStore } from '../../../../lib/modal-store';
import { useSessionStore } from '../../../../lib/session-store';
import { ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import SecurityCenterPage from './index';

const KYC_OFF: KycState = {
  enabled: false,
  status: 'none',
  reason: null,
  documents: [],
  submittedAt: null,
  reviewedAt: null,
  withdrawalThresholdMinor: null,
};

const overview = (changes: Partial<SecurityOverview> = {}): SecurityOverview => ({
  unregisteredIpCheck: true,
  secondCheckMethods: ['email', 'bankAccountName'],
  authenticator: { enrolled: false, recoveryCodesLeft: 0 },
  hasMobile: false,
  hasEmail: true,
  ...changes,
});

const SESSIONS = [
  {
    id: 11,
    signedInAt: '2026-11-27T01:00:00.000Z',
    lastSeenAt: '2026-11-27T02:00:00.000Z',
    ip: '203.0.113.5',
    country: 'KR',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120',
    current: true,
  },
  {
    id: 12,
    signedInAt: '2026-11-26T01:00:00.000Z',
    lastSeenAt: '2026-11-26T02:00:00.000Z',
    ip: '198.51.100.7',
    country: 'JP',
    userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari/604.1',
    current: false,
  },
];

function answerReads(state: { overview: SecurityOverview; sessions: typeof SESSIONS }) {
  server.use(
    http.get(SECURITY_CALLS.overview.path, () => ok(SecurityOverviewResponseSchema, state.overview)),
    http.get(SECURITY_CALLS.sessions.path, () => ok(MemberSessionsResponseSchema, { items: state.sessions })),
    http.get(SECURITY_CALLS.paymentPassword.path, () =>
      ok(PaymentPasswordStatusResponseSchema, { isSet: false, lockedUntil: null, attemptsLeft: 5, resetTargets: [] }),
    ),
    http.get(SECURITY_CALLS.knownIps.path, () =>
      ok(KnownIpsResponseSchema, {
        items: [
          {
            ip: '203.0.113.5',
            firstSeenAt: '2026-11-01T00:00:00.000Z',
            lastSeenAt: '2026-11-27T01:00:00.000Z',
            country: 'KR',
            userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120',
            current: true,
          },
        ],
      }),
    ),
    http.get(SECURITY_CALLS.signIns.path, () =>
      ok(SignInHistoryResponseSchema, {
        items: [
          {
            id: 5,
            at: '2026-11-27T01:00:00.000Z',
            ip: '203.0.113.5',
            country: 'KR',
            userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120',
            method: 'password',
            current: true,
          },
        ],
        nextBeforeId: null,
      }),
    ),
  );
}

describe('SecurityCenterPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo01' });
    useModalStore.setState({ current: null });
    // The demo brand does not check identities: the identity card stays away.
    server.use(http.get(KYC_CALLS.kycStatus.path, () => ok(KycStateResponseSchema, KYC_OFF)));
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it('shows the new-IP methods, the sessions, the IPs and the history, and signs out everywhere else', async () => {
    const state = { overview: overview(), sessions: SESSIONS };
    answerReads(state);
    let signedOutOthers = false;
    server.use(
      http.post(SECURITY_CALLS.signOutOthers.path, () => {
        signedOutOthers = true;
        state.sessions = SESSIONS.filter((session) => session.current);
        return ok(SignOutSessionsResponseSchema, { ended: 1 });
      }),
    );
    renderWithShell(<SecurityCenterPage />);

    const methods = await screen.findByRole('list', { name: 'Extra verification on a new IP' });
    expect(
      within(methods)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['E-mail code', 'Bank account name']);
    const sessions = screen.getByRole('region', { name: 'Active sessions' });
    expect(await within(sessions).findByText('Safari · iPhone')).toBeVisible();
    expect(within(sessions).getByText('This device')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Registered IPs' })).getByText('203.0.113.5')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'South Korea' })).toBeVisible();

    await userEvent.click(within(sessions).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await within(sessions).findByText('1 session signed out.')).toBeVisible();
    expect(signedOutOthers).toBe(true);
    await waitFor(() => expect(within(sessions).queryByText('Safari · iPhone')).toBeNull());
    expect(within(sessions).getByText('You are signed in on this device only.')).toBeVisible();
  });

  it('opens the password change dialog', async () => {
    answerReads({ overview: overview(), sessions: SESSIONS });
    renderWithShell(<SecurityCenterPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(useModalStore.getState().current?.name).toBe('changePassModal');
  });

  it('sets up the authenticator with a QR code and a code, then shows the recovery codes once', async () => {
    const state = { overview: overview(), sessions: SESSIONS };
    answerReads(state);
    const sentCodes: unknown[] = [];
    server.use(
      http.post(SECURITY_CALLS.startAuthenticator.path, () =>
        ok(AuthenticatorEnrolmentResponseSchema, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Parlay:demo01?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Parlay',
          expiresInSeconds: 600,
        }),
      ),
      http.post(SECURITY_CALLS.confirmAuthenticator.path, async ({ request }) => {
        sentCodes.push(await request.json());
        state.overview = overview({
          secondCheckMethods: ['email', 'authenticator', 'bankAccountName'],
          authenticator: { enrolled: true, recoveryCodesLeft: 10 },
        });
        return ok(MemberRecoveryCodesResponseSchema, {
          recoveryCodes: Array.from({ length: 10 }, (_, index) => `abcde-fgh${String(index).padStart(2, '2')}`),
        });
      }),
    );
    renderWithShell(<SecurityCenterPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const recovery = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(recovery).getAllByRole('listitem')).toHaveLength(10);
    expect(sentCodes).toEqual([{ code: '123456' }]);
    expect(await screen.findByText('10 recovery codes left.')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Extra verification on a new IP' })).toHaveTextContent('Authenticator');
    await userEvent.click(within(recovery).getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('region', { name: 'Your recovery codes' })).toBeNull();
  });
});
