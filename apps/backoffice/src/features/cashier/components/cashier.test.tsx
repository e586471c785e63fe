import {
  BACKOFFICE_CALLS,
  BoDepositPageResponseSchema,
  BoDepositResponseSchema,
  BoPaymentMethodResponseSchema,
  BoPaymentSettingsResponseSchema,
  type BoDeposit,
  type BoPaymentSettings,
} from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, ok } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildDeposit(overrides: Partial<BoDeposit> = {}): BoDeposit {
  return {
    id: 7,
    orderNo: 'D261127ABCDEF0123',
    playerId: 3,
    account: 'demo',
    methodName: 'Bank transfer',
    methodKind: 'manual_bank',
    providerCode: null,
    amountMinor: 50_000,
    feeMinor: 0,
    creditMinor: 50_000,
    currency: 'KRW',
    currencyExponent: 0,
    state: 'pending',
    providerRef: null,
    bankReference: 'K7PQ2MXA',
    failureReason: null,
    reviewedBy: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    expiresAt: '2026-11-28T10:00:00.000Z',
    creditedAt: null,
    ...overrides,
  };
}

const SETTINGS: BoPaymentSettings = {
  currency: 'KRW',
  currencyExponent: 0,
  methods: [
    {
      id: 1,
      name: 'Sandbox pay',
      kind: 'provider',
      providerCode: 'sandbox',
      minAmountMinor: 10_000,
      maxAmountMinor: 5_000_000,
      feeFixedMinor: 0,
      feePerMille: 0,
      displayOrder: 1,
      active: true,
      bankName: null,
      bankAccountNumber: null,
      bankHolderName: null,
      version: 2,
    },
  ],
  providers: [
    { code: 'sandbox', adapter: 'sandbox', baseUrl: 'http://127.0.0.1:8082', updatedAt: '2026-11-27T09:00:00.000Z' },
  ],
};

const session = () =>
  answer('session', buildSession({ roles: ['finance'], brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the deposit queue', () => {
  it('shows finance the bank transfers to confirm, with their reference, and confirms one', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    let confirmed = 0;
    server.use(
      session(),
      http.get(BACKOFFICE_CALLS.depositQueue.path, ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok(BoDepositPageResponseSchema, { items: [buildDeposit()], nextCursor: null });
      }),
      http.post(BACKOFFICE_CALLS.confirmDeposit.path, () => {
        confirmed += 1;
        return ok(BoDepositResponseSchema, buildDeposit({ state: 'credited', reviewedBy: 'operator:1' }));
      }),
    );
    renderApp('/brands/parlay/deposits');
    const table = await screen.findByRole('table', { name: 'To confirm' });
    expect(within(table).getByText('K7PQ2MXA')).toBeVisible();
    expect(within(table).getByText('₩50,000')).toBeVisible();
    expect(asked[0]).toContain('state=pending');
    expect(asked[0]).toContain('kind=manual_bank');
    await user.click(within(table).getByRole('button', { name: 'Confirm deposit D261127ABCDEF0123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit D261127ABCDEF0123 of demo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deposit D261127ABCDEF0123 credited.')).toBeVisible();
    expect(confirmed).toBe(1);
  });
});

describe('the payment methods', () => {
  it('saves an edited minimum with the version it opened', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      session(),
      http.get(BACKOFFICE_CALLS.paymentSettings.path, () => ok(BoPaymentSettingsResponseSchema, SETTINGS)),
      http.put(BACKOFFICE_CALLS.updatePaymentMethod.path, async ({ request }) => {
        bodies.push(await request.json());
        return ok(BoPaymentMethodResponseSchema, { ...SETTINGS.methods[0]!, minAmountMinor: 20_000, version: 3 });
      }),
    );
    renderApp('/brands/parlay/payment-methods');
    await user.click(await screen.findByRole('button', { name: 'Edit Sandbox pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sandbox pay' });
    const min = within(dialog).getByLabelText('Minimum (KRW)');
    await user.clear(min);
    await user.type(min, '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sandbox pay saved.')).toBeVisible();
    expect(bodies).toEqual([expect.objectContaining({ minAmountMinor: 20_000, version: 2, providerCode: 'sandbox' })]);
  });
});
