import type { BoAbuseFlag, BoAbuseFlagPage, BoReferralSettings } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const SETTINGS: BoReferralSettings = {
  enabled: true,
  minDepositMinor: 50_000,
  minTurnoverMinor: 100_000,
  inviterRewardMinor: 30_000,
  invitedRewardMinor: 10_000,
  version: 3,
  updatedAt: '2026-11-28T10:00:00.000Z',
  currency: 'KRW',
  currencyExponent: 0,
  stats: { invited: 4, paid: 1, held: 1, rewardPaidMinor: 40_000 },
};

const FLAG: BoAbuseFlag = {
  id: 7,
  kind: 'referral',
  memberId: 11,
  account: 'demo',
  matchedMemberIds: [27],
  evidence: [
    { kind: 'ip', value: '203.0.113.24', memberId: 27, account: 'demoplayer17' },
    { kind: 'bank_account', value: 'KB 1002003004', memberId: 27, account: 'demoplayer17' },
    {
      kind: 'device',
      value: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      memberId: 27,
      account: 'demoplayer17',
    },
  ],
  payoutKey: 'referral:27',
  amountMinor: 30_000,
  currency: 'KRW',
  status: 'open',
  reason: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};
const PAGE: BoAbuseFlagPage = { items: [FLAG], nextCursor: null, currencyExponent: 0 };

const signedIn = (roles: ('admin' | 'finance' | 'readOnly' | 'support')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the referral settings page', () => {
  it('shows the figures and saves the rules in major units with the version opened', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('referralSettings', SETTINGS),
      answer('saveReferralSettings', async ({ request }) => {
        const body = (await request.json()) as BoReferralSettings;
        saved.push(body);
        return { ...SETTINGS, ...body, version: 4 };
      }),
    );
    renderApp('/brands/parlay/bonuses/referrals');
    const figures = await screen.findByLabelText('Figures');
    expect(figures).toHaveTextContent('Invited members counted4');
    expect(figures).toHaveTextContent('Rewards paid₩40,000');
    expect(screen.getByRole('checkbox', { name: 'Referral rewards on' })).toBeChecked();
    const reward = screen.getByLabelText(/^Inviter's reward/);
    expect(reward).toHaveValue('30000');
    await user.clear(reward);
    await user.type(reward, '35,000');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The referral rules are saved.')).toBeVisible();
    expect(saved).toEqual([
      {
        version: 3,
        enabled: true,
        minDepositMinor: 50_000,
        minTurnoverMinor: 100_000,
        inviterRewardMinor: 35_000,
        invitedRewardMinor: 10_000,
      },
    ]);
  });

  it("says the server's refusal in the form", async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['admin']),
      answer('referralSettings', SETTINGS),
      answer('saveReferralSettings', () => fail('REFERRAL_RULES_INVALID')),
    );
    renderApp('/brands/parlay/bonuses/referrals');
    await user.click(await screen.findByRole('button', { name: 'Save rules' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The referral rules do not fit together.');
  });

  it('offers no save to a role that cannot write the brand', async () => {
    server.use(signedIn(['readOnly']), answer('referralSettings', SETTINGS));
    renderApp('/brands/parlay/bonuses/referrals');
    expect(await screen.findByRole('checkbox', { name: 'Referral rewards on' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save rules' })).toBeNull();
  });
});

describe('the abuse flags page', () => {
  it('lists each flag with its evidence and releases one with a reason', async () => {
    const user = userEvent.setup();
    const decided: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('abuseFlags', PAGE),
      answer('releaseAbuseFlag', async ({ request, params }) => {
        decided.push({ id: params['flagId'], ...((await request.json()) as object) });
        return { ...FLAG, status: 'released', reason: 'checked' };
      }),
    );
    renderApp('/brands/parlay/bonuses/abuse-flags');
    const table = await screen.findByRole('table', { name: 'Abuse flags' });
    const row = within(table).getByRole('row', { name: /#7/ });
    expect(row).toHaveTextContent('Referral reward');
    expect(within(row).getByTestId('flag-evidence')).toHaveTextContent(
      'IP 203.0.113.24 with demoplayer17 (#27)Bank account KB 1002003004 with demoplayer17 (#27)' +
        'Device 9f86d081884c… with demoplayer17 (#27)',
    );
    // The device's whole hash is there for the operator who compares it.
    expect(within(row).getByText('9f86d081884c…')).toHaveAttribute(
      'title',
      '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    );
    expect(row).toHaveTextContent('₩30,000');
    expect(row).toHaveTextContent('referral:27');

    await user.click(within(row).getByRole('button', { name: 'Release flag #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release flag #7 (demo)?' });
    expect(dialog).toHaveTextContent('₩30,000 is paid to demo now, once.');
    const release = within(dialog).getByRole('button', { name: 'Release' });
    expect(release).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Same household');
    await user.click(release);
    expect(await screen.findByText('Flag #7 released: the payout is paid.')).toBeVisible();
    expect(decided).toEqual([{ id: '7', reason: 'Same household' }]);
  });

  it('keeps the dialog open with the refusal when another operator decided first, and hides the actions without money', async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['admin']),
      answer('abuseFlags', PAGE),
      answer('rejectAbuseFlag', () => fail('ABUSE_FLAG_DECIDED')),
    );
    const { unmount } = renderApp('/brands/parlay/bonuses/abuse-flags');
    const row = within(await screen.findByRole('table', { name: 'Abuse flags' })).getByRole('row', { name: /#7/ });
    await user.click(within(row).getByRole('button', { name: 'Reject flag #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject flag #7 (demo)?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'One person');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This abuse flag has already been decided.');
    unmount();

    server.use(signedIn(['support']), answer('abuseFlags', PAGE));
    renderApp('/brands/parlay/bonuses/abuse-flags');
    const again = within(await screen.findByRole('table', { name: 'Abuse flags' })).getByRole('row', { name: /#7/ });
    expect(again).toHaveTextContent('Open');
    expect(within(again).queryByRole('button')).toBeNull();
  });
});
