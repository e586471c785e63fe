import {
  APPLICATION_CALLS,
  MemberApplicationResponseSchema,
  type ApplicationOffer,
  type MemberApplication,
} from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useSessionStore } from '../../../lib/session-store';
import { storeLanguage } from '../../../lib/storage';
import { fail, ok } from '../../../test/api';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { ApplyDialog } from './apply-dialog';

const SHARE: ApplicationOffer = {
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
const APPLYING: MemberApplication = {
  id: 8,
  promotionCode: 'SHAREWIN',
  title: 'Share your big win',
  comment: 'Big win on slots!',
  imageIds: [],
  status: 'applying',
  rejectReason: null,
  rewardMinor: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
};
const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** The apply dialog the hub's Apply opens on /promotions and /promoDetail (decision 0058). */
describe('ApplyDialog', () => {
  beforeEach(async () => {
    storeLanguage('EN');
    await i18n.changeLanguage('en');
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    localStorage.clear();
  });

  it('applies with a counted comment and up to 3 previewed images', async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    let sent: FormData | null = null;
    server.use(
      http.post(APPLICATION_CALLS.apply.path, async ({ request }) => {
        sent = await request.formData();
        return ok(MemberApplicationResponseSchema, APPLYING);
      }),
    );
    const applied: string[] = [];
    let closed = 0;
    renderWithShell(
      <ApplyDialog offer={SHARE} onClose={() => (closed += 1)} onApplied={(title) => applied.push(title)} />,
    );
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
    await expect.poll(() => applied).toEqual(['Share your big win']);
    expect(closed).toBe(1);
    const form = sent as FormData | null;
    expect(form?.get('promotionCode')).toBe('SHAREWIN');
    expect(form?.get('comment')).toBe('Big win on slots!');
    // The test's fetch keeps the files, not their names.
    expect(form?.getAll('images')).toHaveLength(2);
  });

  it("shows the server's translated refusal in the dialog", async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    server.use(http.post(APPLICATION_CALLS.apply.path, () => fail('APPLICATION_PENDING')));
    renderWithShell(<ApplyDialog offer={SHARE} onClose={() => undefined} onApplied={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already applied. Please wait for the result.',
    );
  });
});
