import { APPLICATION_CALLS, MemberApplicationsResponseSchema, type MemberApplication } from '@parlay/contract';
import { cleanup, screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useSessionStore } from '../../../lib/session-store';
import { storeLanguage } from '../../../lib/storage';
import { ok } from '../../../test/api';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { MyApplicationsSection } from './application-section';

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

const answerMine = (items: MemberApplication[]) =>
  http.get(APPLICATION_CALLS.list.path, () =>
    ok(MemberApplicationsResponseSchema, { currency: 'KRW', currencyExponent: 0, items }),
  );

describe('MyApplicationsSection', () => {
  beforeEach(async () => {
    storeLanguage('EN');
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    localStorage.clear();
  });

  it("lists the member's applications with their status, the operator's reason and the reward paid", async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    server.use(
      answerMine([
        { ...REJECTED, id: 8, status: 'issued', rejectReason: null, rewardMinor: 10_000, comment: 'Second try' },
        REJECTED,
      ]),
    );
    renderWithShell(<MyApplicationsSection />);
    expect(await screen.findByRole('heading', { name: 'My applications' })).toBeVisible();
    const rejected = screen.getByTestId('application-7');
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Reason: Screenshot unreadable');
    const issued = screen.getByTestId('application-8');
    expect(issued).toHaveTextContent('Issued');
    expect(issued).toHaveTextContent('₩10,000 paid to your balance');
    // The promotions themselves are the hub's cards: no offer and no apply button here.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing to a visitor, nor to a member who has not applied', async () => {
    renderWithShell(<MyApplicationsSection />);
    expect(screen.queryByTestId('applications')).toBeNull();
    cleanup();
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    let asked = false;
    server.use(
      http.get(APPLICATION_CALLS.list.path, () => {
        asked = true;
        return ok(MemberApplicationsResponseSchema, { currency: 'KRW', currencyExponent: 0, items: [] });
      }),
    );
    renderWithShell(<MyApplicationsSection />);
    await expect.poll(() => asked).toBe(true);
    expect(screen.queryByTestId('applications')).toBeNull();
  });
});
