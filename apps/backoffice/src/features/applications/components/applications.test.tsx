import { ERRORS, type BoApplication, type BoApplicationPage } from '@parlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildApplication(overrides: Partial<BoApplication> = {}): BoApplication {
  return {
    id: 12,
    memberId: 3,
    account: 'demo',
    promotionId: 4,
    promotionCode: 'SHAREWIN',
    promotionTitle: 'Share your big win',
    comment: 'Hit the jackpot on Dice tonight!',
    imageIds: [31, 32],
    status: 'applying',
    rejectReason: null,
    rewardMinor: 10_000,
    bonusId: null,
    decidedBy: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

const pageOf = (items: BoApplication[], nextCursor: string | null = null): BoApplicationPage => ({
  items,
  nextCursor,
  currency: 'KRW',
  currencyExponent: 0,
});

const signedIn = (roles: ('admin' | 'finance' | 'readOnly' | 'support')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the applications', () => {
  it('lists the applications to decide with their images, opens one larger, and approves one saying its reward', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const approved: unknown[] = [];
    const issued = buildApplication({
      status: 'issued',
      bonusId: 8,
      decidedBy: 'demo-finance',
      decidedAt: '2026-11-28T09:00:00.000Z',
    });
    let current = buildApplication();
    server.use(
      signedIn(['finance']),
      answer('applications', ({ url }) => {
        asked.push(url.search);
        const status = url.searchParams.get('status');
        return pageOf(status === null || status === current.status ? [current] : []);
      }),
      answer('approveApplication', ({ params }) => {
        approved.push(params['applicationId']);
        current = issued;
        return issued;
      }),
    );
    renderApp('/brands/parlay/bonuses/applications');
    // The work queue by default: only the applications waiting for a decision are asked for.
    const table = await screen.findByRole('table', { name: 'To decide' });
    expect(asked).toEqual([expect.stringContaining('status=applying')]);
    const row = within(table).getByRole('row', { name: /SHAREWIN/ });
    expect(row).toHaveTextContent('Share your big win');
    expect(row).toHaveTextContent('Hit the jackpot on Dice tonight!');
    expect(row).toHaveTextContent('₩10,000');
    expect(row).toHaveTextContent('Applying');

    const second = within(row).getByRole('button', { name: 'Image 2 of 2 of demo for SHAREWIN' });
    expect(within(second).getByRole('presentation')).toHaveAttribute(
      'src',
      '/bo/api/brands/parlay/application-images/32',
    );
    await user.click(second);
    const viewer = await screen.findByRole('dialog', { name: 'Image 2 of 2: demo, SHAREWIN' });
    expect(within(viewer).getByRole('img', { name: 'Image 2 of 2: demo, SHAREWIN' })).toHaveAttribute(
      'src',
      '/bo/api/brands/parlay/application-images/32',
    );
    await user.click(within(viewer).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('dialog', { name: 'Image 1 of 2: demo, SHAREWIN' })).toBeVisible();
    await user.keyboard('{Escape}');

    await user.click(within(row).getByRole('button', { name: 'Approve SHAREWIN of demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve SHAREWIN of demo?' });
    expect(dialog).toHaveTextContent('₩10,000 is paid to demo as the bonus of “Share your big win”');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay ₩10,000' }));
    expect(await screen.findByText('SHAREWIN of demo is approved: ₩10,000 paid.')).toBeVisible();
    expect(approved).toEqual(['12']);
    // The list asks again after the decision: the queue is empty now.
    expect(await screen.findByText('No application is waiting for a decision.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'All applications' }));
    const all = await screen.findByRole('table', { name: 'All applications' });
    expect(asked.at(-1)).not.toContain('status=');
    const row2 = within(all).getByRole('row', { name: /SHAREWIN/ });
    expect(row2).toHaveTextContent('Issued');
    expect(row2).toHaveTextContent('demo-finance');
    expect(within(row2).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });

  it('rejects with a required reason of at most 140 characters; a refusal is said in the dialog, which stays', async () => {
    const user = userEvent.setup();
    const reasons: unknown[] = [];
    let refuse = true;
    server.use(
      signedIn(['admin']),
      answer('applications', pageOf([buildApplication()])),
      answer('rejectApplication', async ({ request }) => {
        if (refuse) return fail('APPLICATION_NOT_PENDING');
        reasons.push(await request.json());
        return buildApplication({ status: 'rejected', rejectReason: 'The picture is not a win' });
      }),
    );
    renderApp('/brands/parlay/bonuses/applications');
    const table = await screen.findByRole('table', { name: 'To decide' });
    await user.click(within(table).getByRole('button', { name: 'Reject SHAREWIN of demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject SHAREWIN of demo?' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    const reason = within(dialog).getByLabelText(/^Reason shown to the member/);
    expect(confirm).toBeDisabled();
    expect(reason).toHaveAttribute('maxLength', '140');
    expect(within(dialog).getByText('0 / 140')).toBeVisible();
    await user.type(reason, '   ');
    expect(confirm).toBeDisabled();
    await user.clear(reason);
    await user.type(reason, 'The picture is not a win');
    expect(within(dialog).getByText('24 / 140')).toBeVisible();

    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ERRORS.APPLICATION_NOT_PENDING.en);
    expect(screen.getByRole('dialog', { name: 'Reject SHAREWIN of demo?' })).toBeVisible();
    expect(reason).toHaveValue('The picture is not a win');

    refuse = false;
    await user.click(confirm);
    expect(await screen.findByText('SHAREWIN of demo is rejected.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reasons).toEqual([{ reason: 'The picture is not a win' }]);
  });

  it('says a refused approval in the dialog, which stays, and asks for the list again', async () => {
    const user = userEvent.setup();
    let asked = 0;
    server.use(
      signedIn(['finance']),
      answer('applications', () => {
        asked += 1;
        return pageOf([buildApplication()]);
      }),
      answer('approveApplication', () => fail('APPLICATION_NOT_PENDING')),
    );
    renderApp('/brands/parlay/bonuses/applications');
    const table = await screen.findByRole('table', { name: 'To decide' });
    await user.click(within(table).getByRole('button', { name: 'Approve SHAREWIN of demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve SHAREWIN of demo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay ₩10,000' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ERRORS.APPLICATION_NOT_PENDING.en);
    expect(screen.getByRole('dialog', { name: 'Approve SHAREWIN of demo?' })).toBeVisible();
    await waitFor(() => expect(asked).toBe(2));
  });

  it('shows who decided and why, and no decision to a role without players.money', async () => {
    server.use(
      signedIn(['support']),
      answer('applications', ({ url }) =>
        pageOf(
          [
            buildApplication({ id: 14 }),
            buildApplication({
              id: 13,
              imageIds: [],
              status: 'rejected',
              rejectReason: 'The picture is not a win',
              decidedBy: 'demo-admin',
              decidedAt: '2026-11-27T11:00:00.000Z',
            }),
          ],
          url.searchParams.has('cursor') ? null : '13',
        ),
      ),
    );
    renderApp('/brands/parlay/bonuses/applications?status=all');
    const table = await screen.findByRole('table', { name: 'All applications' });
    const rejected = within(table).getAllByRole('row', { name: /SHAREWIN/ })[1]!;
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('The picture is not a win');
    expect(rejected).toHaveTextContent('demo-admin');
    expect(rejected).toHaveTextContent('No image');
    expect(within(table).getAllByRole('button', { name: /^Image/ })).toHaveLength(2);
    expect(within(table).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    // Keyset paging: the next page follows the server's cursor.
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('cursor=13');
  });
});
