import {
  APPLICATION_CALLS,
  ApplicationOffersResponseSchema,
  MemberApplicationsResponseSchema,
  PROMOTION_CALLS,
  PromotionHubResponseSchema,
  RAFFLE_CALLS,
  RaffleListResponseSchema,
  type ApplicationOffer,
  type HubPromotion,
  type MemberApplication,
} from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useModalStore } from '../../lib/modal-store';
import { useSessionStore } from '../../lib/session-store';
import { storeLanguage } from '../../lib/storage';
import { answer, ok } from '../../test/api';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { Component as PromotionsPage } from './promotions';

const SHARE: HubPromotion = {
  id: 3,
  code: 'SHAREWIN',
  kind: 'application',
  category: 'event',
  title: 'Share your big win',
  summary: 'Upload a screenshot of your big win.',
  startsAt: null,
  endsAt: null,
  audience: 'all',
  state: 'rejected',
  action: 'apply',
  rules: {
    percentBp: null,
    maxBonusMinor: null,
    fixedMinor: 10_000,
    minDepositMinor: 0,
    wageringMultiplier: 1,
    expiryDays: 7,
  },
};
const OFFER: ApplicationOffer = {
  code: 'SHAREWIN',
  title: 'Share your big win',
  summary: 'Upload a screenshot of your big win.',
  rewardMinor: 10_000,
  wageringMultiplier: 1,
  startsAt: null,
  endsAt: null,
  state: 'rejected',
  rejectReason: 'Screenshot unreadable',
};
const REJECTED: MemberApplication = {
  id: 7,
  promotionCode: 'SHAREWIN',
  title: 'Share your big win',
  comment: 'First try',
  imageIds: [],
  status: 'rejected',
  rejectReason: 'Screenshot unreadable',
  rewardMinor: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: '2026-11-27T12:00:00.000Z',
};

describe('/promotions', () => {
  beforeEach(async () => {
    storeLanguage('EN');
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    useModalStore.getState().closeModal();
    localStorage.clear();
  });

  it("lists an application promotion once, as the hub's card whose Apply opens the apply dialog, and my applications", async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    server.use(
      http.get(PROMOTION_CALLS.hub.path, () =>
        ok(PromotionHubResponseSchema, { currency: 'KRW', currencyExponent: 0, categories: ['event'], items: [SHARE] }),
      ),
      http.get(APPLICATION_CALLS.offers.path, () =>
        ok(ApplicationOffersResponseSchema, { currency: 'KRW', currencyExponent: 0, items: [OFFER] }),
      ),
      http.get(APPLICATION_CALLS.list.path, () =>
        ok(MemberApplicationsResponseSchema, { currency: 'KRW', currencyExponent: 0, items: [REJECTED] }),
      ),
      http.get(RAFFLE_CALLS.list.path, () =>
        ok(RaffleListResponseSchema, { currency: 'KRW', currencyExponent: 0, items: [] }),
      ),
      answer('announcements', { banners: [], player: [], popup: [], promotion: [], other: [] }),
    );
    renderWithShell(<PromotionsPage />);

    const card = await screen.findByTestId('promotion-SHAREWIN');
    expect(card).toHaveTextContent('Share your big win');
    // The member's application, with the operator's reason, below.
    const mine = await screen.findByTestId('application-7');
    expect(mine).toHaveTextContent('Rejected');
    expect(mine).toHaveTextContent('Reason: Screenshot unreadable');
    // Once: no second card of the same promotion, and one button to apply.
    expect(screen.queryByTestId('application-offer-SHAREWIN')).toBeNull();
    expect(screen.getAllByText('Upload a screenshot of your big win.')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Apply/ })).toHaveLength(1);

    await userEvent.click(within(card).getByRole('button', { name: 'Apply again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply: Share your big win' });
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toBeVisible();
  });
});
