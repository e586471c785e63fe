import type { CashierSettingsView, KycReview } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildReview(overrides: Partial<KycReview> = {}): KycReview {
  return {
    memberId: 31,
    account: 'demo',
    status: 'pending',
    documents: 2,
    submittedAt: '2026-11-27T10:00:00.000Z',
    reviewedAt: null,
    reason: null,
    fullname: '홍길동',
    documentList: [
      { id: 7, contentType: 'image/png', sizeBytes: 20_480, uploadedAt: '2026-11-27T10:00:00.000Z' },
      { id: 8, contentType: 'application/pdf', sizeBytes: 4_096, uploadedAt: '2026-11-27T10:01:00.000Z' },
    ],
    version: 3,
    ...overrides,
  };
}

describe('the identity checks', () => {
  it('lets the risk role open a member’s documents and reject them with a reason and the version it opened', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const { documentList: _documents, reason: _reason, fullname: _name, version: _version, ...item } = buildReview();
    server.use(
      answer('session', buildSession({ roles: ['risk'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('kycReviews', { items: [item], nextCursor: null }),
      answer('kycReview', buildReview()),
      answer('rejectKyc', async ({ request }) => {
        bodies.push(await request.json());
        return buildReview({ status: 'rejected', reason: 'Blurry photo', version: 4 });
      }),
    );
    renderApp('/brands/parlay/kyc');
    const table = await screen.findByRole('table', { name: 'To review' });
    expect(within(table).getByText('demo')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Open the identity check of demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identity of demo' });
    expect(within(dialog).getByRole('img', { name: 'Document 1 (PNG image)' })).toHaveAttribute(
      'src',
      '/bo/api/brands/parlay/kyc/documents/7',
    );
    expect(within(dialog).getByRole('link', { name: 'Document 2 (PDF)' })).toBeVisible();
    expect(within(dialog).getByText('홍길동')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject the documents of demo' });
    await user.type(within(confirm).getByRole('textbox'), 'Blurry photo');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The documents of demo were rejected.')).toBeVisible();
    expect(bodies).toEqual([{ version: 3, reason: 'Blurry photo' }]);
  });

  it('saves the KYC setting, the transfer limits in major units and the downline scope, with the version it opened', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const settings: CashierSettingsView = {
      kycEnabled: false,
      kycWithdrawalThresholdMinor: null,
      uplineTransfer: { minMinor: 1_000, maxMinor: 1_000_000, dailyMaxMinor: 5_000_000 },
      downlineTransferScope: 'any',
      version: 0,
      currency: 'KRW',
    };
    server.use(
      answer('session', buildSession({ roles: ['owner'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('cashierSettings', settings),
      answer('saveCashierSettings', async ({ request }) => {
        const body = (await request.json()) as CashierSettingsView;
        bodies.push(body);
        return { ...body, version: 1, currency: 'KRW' };
      }),
    );
    renderApp('/brands/parlay/kyc-settings');
    const form = await screen.findByRole('form', { name: 'KYC and transfers' });
    await user.click(within(form).getByLabelText('Members send identity documents for review'));
    await user.type(within(form).getByLabelText('Verified identity above (KRW)'), '2000000');
    const daily = within(form).getByLabelText('Most a day (KRW)');
    await user.clear(daily);
    await user.type(daily, '3000000');
    await user.selectOptions(within(form).getByLabelText('Agents send to'), 'Their direct members only');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeVisible();
    expect(bodies).toEqual([
      {
        version: 0,
        kycEnabled: true,
        kycWithdrawalThresholdMinor: 2_000_000,
        uplineTransfer: { minMinor: 1_000, maxMinor: 1_000_000, dailyMaxMinor: 3_000_000 },
        downlineTransferScope: 'direct',
      },
    ]);
  });
});
