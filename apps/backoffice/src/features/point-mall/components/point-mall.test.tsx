import {
  BACKOFFICE_CALLS,
  BoPointExchangePageResponseSchema,
  BoPointExchangeResponseSchema,
  BoPointProductPageResponseSchema,
  BoPointProductResponseSchema,
  type BoPointExchange,
  type BoPointProduct,
} from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, ok } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const PRODUCT: BoPointProduct = {
  id: 4,
  kind: 'goods',
  nameKo: '무선 이어폰',
  nameEn: 'Wireless earbuds',
  imageUrl: '/wps/media/0123456789abcdef0123456789abcdef.png',
  pointsMinor: 500_000,
  amountMinor: 0,
  cashValueMinor: 0,
  currency: 'KRW',
  stock: 20,
  redeemedCount: 1,
  perMemberLimit: 1,
  startsAt: null,
  endsAt: null,
  active: true,
  sortOrder: 40,
  version: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function buildExchange(overrides: Partial<BoPointExchange> = {}): BoPointExchange {
  return {
    id: 12,
    referenceNo: 'PX0000000012',
    memberId: 3,
    account: 'demo',
    productId: 4,
    productName: '무선 이어폰',
    kind: 'goods',
    quantity: 1,
    pointsMinor: 500_000,
    amountMinor: 0,
    cashValueMinor: 0,
    currency: 'KRW',
    status: 'applying',
    remark: null,
    processedBy: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    processedAt: null,
    version: 0,
    ...overrides,
  };
}

const session = (roles: ('admin' | 'content' | 'finance')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the mall products', () => {
  it('saves an edited stock with the version it opened', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      session(['content']),
      http.get(BACKOFFICE_CALLS.pointProducts.path, () =>
        ok(BoPointProductPageResponseSchema, { items: [PRODUCT], nextCursor: null }),
      ),
      http.put(BACKOFFICE_CALLS.updatePointProduct.path, async ({ request }) => {
        bodies.push(await request.json());
        return ok(BoPointProductResponseSchema, { ...PRODUCT, stock: 35, version: 4 });
      }),
    );
    renderApp('/brands/parlay/point-mall/products');
    const table = await screen.findByRole('table', { name: 'Mall products' });
    expect(within(table).getByText('5,000 P')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Edit 무선 이어폰' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 무선 이어폰' });
    const stock = within(dialog).getByLabelText('Units in stock');
    await user.clear(stock);
    await user.type(stock, '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('무선 이어폰 is saved.')).toBeVisible();
    expect(bodies).toEqual([expect.objectContaining({ stock: 35, pointsMinor: 500_000, version: 3 })]);
  });
});

describe('the mall exchanges', () => {
  it('rejects an applying exchange with the reason the member reads, and the version it read', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      session(['finance']),
      http.get(BACKOFFICE_CALLS.pointExchanges.path, () =>
        ok(BoPointExchangePageResponseSchema, { items: [buildExchange()], nextCursor: null }),
      ),
      http.post(BACKOFFICE_CALLS.rejectPointExchange.path, async ({ request }) => {
        bodies.push(await request.json());
        return ok(BoPointExchangeResponseSchema, buildExchange({ status: 'rejected', version: 1 }));
      }),
    );
    renderApp('/brands/parlay/point-mall/exchanges');
    const table = await screen.findByRole('table', { name: 'To process' });
    expect(within(table).getByText('Applying')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Reject PX0000000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject PX0000000012?' });
    await user.type(within(dialog).getByLabelText('Reason (the member reads it)'), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/PX0000000012 is rejected/)).toBeVisible();
    expect(bodies).toEqual([{ version: 0, reason: 'Out of stock' }]);
  });

  it('shows no actions to a role that may not process exchanges', async () => {
    server.use(
      session(['content']),
      http.get(BACKOFFICE_CALLS.pointExchanges.path, () =>
        ok(BoPointExchangePageResponseSchema, { items: [buildExchange()], nextCursor: null }),
      ),
    );
    renderApp('/brands/parlay/point-mall/exchanges');
    const table = await screen.findByRole('table', { name: 'To process' });
    expect(within(table).queryByRole('button', { name: /Reject/ })).toBeNull();
  });
});
