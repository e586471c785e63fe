import {
  APPLICATION_CALLS,
  ApplicationOffersResponseSchema,
  MemberApplicationResponseSchema,
  MemberApplicationsResponseSchema,
  type ApplicationOffer,
  type ApplicationOffers,
  type MemberApplication,
} from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { storeLanguage } from '../../../lib/storage';
import { fail, ok } from '../../../test/api';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { ApplicationSection } from './application-section';

const SHARE: ApplicationOffer = {
  code: 'SHAREWIN',
  title: 'Share your big win',
  summary: 'Upload a screenshot of your big win.',
  rewardMinor: 10_000,
  wageringMultiplier: 1,
  startsAt: null,
  endsAt: null,
  state: 'join',
  rejectReason: null,
};
const SOON: ApplicationOffer = { ...SHARE, code: 'NEWYEAR', title: 'New year event', state: 'coming_soon' };
const OFFERS: ApplicationOffers = { currency: 'KRW', currencyExponent: 0, items: [SHARE, SOON] };
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

const answerOffers = (offers: ApplicationOffers = OFFERS) =>
  http.get(APPLICATION_CALLS.offers.path, () => ok(ApplicationOffersResponseSchema, offers));
const answerMine = (items: MemberApplication[]) =>
  http.get(APPLICATION_CALLS.list.path, () =>
    ok(MemberApplicationsResponseSchema, { currency: 'KRW', currencyExponent: 0, items }),
  );
const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('ApplicationSection', () => {
  beforeEach(async () => {
    storeLanguage('EN');
    await i18n.changeLanguage('en');
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    useModalStore.getState().closeModal();
    localStorage.clear();
  });

  it('shows a visitor the offers with their state and a log-in action', async () => {
    server.use(answerOffers());
    renderWithShell(<ApplicationSection />);
    const share = await screen.findByTestId('application-offer-SHAREWIN');
    expect(share).toHaveTextContent('Open');
    expect(share).toHaveTextContent('Reward ₩10,000');
    expect(share).toHaveTextContent('wager it 1×');
    expect(screen.getByTestId('application-offer-NEWYEAR')).toHaveTextContent('Coming soon');
    expect(within(screen.getByTestId('application-offer-NEWYEAR')).queryByRole('button')).toBeNull();
    await userEvent.click(within(share).getByRole('button', { name: 'Log in to apply' }));
    expect(useModalStore.getState().current?.name).toBe('loginPopupModal');
  });

  it('shows nothing while the brand has no application promotion', async () => {
    let asked = false;
    server.use(
      http.get(APPLICATION_CALLS.offers.path, () => {
        asked = true;
        return ok(ApplicationOffersResponseSchema, { ...OFFERS, items: [] });
      }),
    );
    renderWithShell(<ApplicationSection />);
    await expect.poll(() => asked).toBe(true);
    expect(screen.queryByTestId('applications')).toBeNull();
  });

  it('applies with a counted comment and up to 3 previewed images, and lists the member applications', async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    let sent: FormData | null = null;
    server.use(
      answerOffers({ ...OFFERS, items: [{ ...SHARE, state: 'rejected', rejectReason: 'Screenshot unreadable' }] }),
      answerMine([REJECTED]),
      http.post(APPLICATION_CALLS.apply.path, async ({ request }) => {
        sent = await request.formData();
        return ok(MemberApplicationResponseSchema, { ...REJECTED, id: 8, status: 'applying', rejectReason: null });
      }),
    );
    renderWithShell(<ApplicationSection />);
    const share = await screen.findByTestId('application-offer-SHAREWIN');
    expect(share).toHaveTextContent('Rejected');
    expect(share).toHaveTextContent('Reason: Screenshot unreadable');
    const mine = await screen.findByTestId('application-7');
    expect(mine).toHaveTextContent('Rejected');
    expect(mine).toHaveTextContent('Reason: Screenshot unreadable');

    await userEvent.click(within(share).getByRole('button', { name: 'Apply again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply: Share your big win' });
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    const counter = within(dialog).getByTestId('comment-counter');
    const send = within(dialog).getByRole('button', { name: 'Apply' });
    expect(counter).toHaveTextContent('0 / 140');
    expect(send).toBeDisabled();
    await userEvent.type(comment, 'x'.repeat(141));
    expect(counter).toHaveTextContent('141 / 140');
    expect(counter).toHaveAttribute('data-over', 'true');
    expect(send).toBeDisabled();
    await userEvent.clear(comment);
    await userEvent.type(comment, 'Big win on slots!');
    expect(counter).toHaveTextContent('17 / 140');

    // A GIF is refused at once; 4 images keep 3.
    const picker = within(dialog).getByTestId('apply-images');
    await userEvent.upload(picker, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only PNG or JPG images of at most 5 MB');
    await userEvent.upload(picker, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    expect(within(dialog).getAllByRole('img')).toHaveLength(3);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You can attach at most 3 images.');
    expect(picker).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove 3.png' }));
    expect(
      within(dialog)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['1.png', '2.png']);

    await userEvent.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent('Your application to Share your big win was sent.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const form = sent as FormData | null;
    expect(form?.get('promotionCode')).toBe('SHAREWIN');
    expect(form?.get('comment')).toBe('Big win on slots!');
    // The test's fetch keeps the files, not their names.
    expect(form?.getAll('images')).toHaveLength(2);
  });

  it("shows the server's translated refusal in the dialog", async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    server.use(
      answerOffers(),
      answerMine([]),
      http.post(APPLICATION_CALLS.apply.path, () => fail('APPLICATION_PENDING')),
    );
    renderWithShell(<ApplicationSection />);
    const share = await screen.findByTestId('application-offer-SHAREWIN');
    await userEvent.click(within(share).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already applied. Please wait for the result.',
    );
  });
});
