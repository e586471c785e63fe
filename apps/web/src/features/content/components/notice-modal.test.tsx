import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openModal, useModalStore } from '../../../lib/modal-store';
import { makeContent, makeNotice, renderWithContent } from '../test/render-with-content';
import { formatNoticeTime } from '../../../lib/format-notice-time';
import { NoticeModal } from './notice-modal';

const notices = Array.from({ length: 23 }, (_, index) => makeNotice(index + 1));

function noticeList() {
  return screen.getByRole('list', { name: /^Notices, page/ });
}

describe(NoticeModal.name, () => {
  afterEach(() => {
    cleanup();
    act(() => useModalStore.getState().closeModal());
  });

  it('opens on the page and item of the chosen notice', async () => {
    await renderWithContent(<NoticeModal />, { notices: makeContent({ player: notices }) });
    act(() => openModal('noticeModal', { noticeId: 14 }));

    const dialog = await screen.findByRole('dialog', { name: 'Notices' });
    // Notice 14 is the 5th row of page 2 (9 a page).
    expect(within(dialog).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const rows = within(noticeList()).getAllByRole('button');
    expect(rows.map((row) => row.textContent?.replace(/\d{4}-.*/, ''))).toEqual(
      Array.from({ length: 9 }, (_, index) => `Notice ${index + 10}`),
    );
    expect(rows[4]).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Notice 14' })).toBeInTheDocument();
    expect(within(dialog).getByText('Body of notice 14')).toBeInTheDocument();
    expect(within(dialog).getByText(formatNoticeTime(notices[13]!.timestamp, 'Asia/Seoul'))).toBeInTheDocument();
  });

  it('lists 9 notices a page and pages through them', async () => {
    await renderWithContent(<NoticeModal />, { notices: makeContent({ player: notices }) });
    act(() => openModal('noticeModal'));
    const dialog = await screen.findByRole('dialog', { name: 'Notices' });

    expect(within(noticeList()).getAllByRole('button')).toHaveLength(9);
    expect(within(dialog).getByText('Choose a notice to read it here.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(noticeList()).getAllByRole('button')[0]).toHaveTextContent('Notice 10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    expect(
      within(noticeList())
        .getAllByRole('button')
        .map((row) => row.textContent?.slice(0, 9)),
    ).toEqual(['Notice 19', 'Notice 20', 'Notice 21', 'Notice 22', 'Notice 23']);
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(within(noticeList()).getByRole('button', { name: /Notice 21/ }));
    expect(within(dialog).getByRole('heading', { name: 'Notice 21' })).toBeInTheDocument();
  });

  it('renders notice HTML without its scripts or handlers', async () => {
    const hostile = makeNotice(1, {
      content: '<p>Safe</p><img src="/x.png" onerror="alert(1)"><script>alert(2)</script>',
    });
    await renderWithContent(<NoticeModal />, { notices: makeContent({ player: [hostile] }) });
    act(() => openModal('noticeModal', { noticeId: 1 }));
    const dialog = await screen.findByRole('dialog', { name: 'Notices' });
    expect(within(dialog).getByText('Safe')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')).not.toHaveAttribute('onerror');
  });

  it('says so when there are no notices', async () => {
    await renderWithContent(<NoticeModal />, { notices: makeContent({}) });
    act(() => openModal('noticeModal'));
    expect(await screen.findByText('There are no notices right now.')).toBeInTheDocument();
  });
});

describe(formatNoticeTime.name, () => {
  it('writes yyyy-MM-dd hh:mm:ss on the 24-hour clock in the brand time zone', () => {
    expect(formatNoticeTime('2026-03-04T15:06:07Z', 'Asia/Seoul')).toBe('2026-03-05 00:06:07');
    expect(formatNoticeTime('2026-03-04T15:06:07Z', 'UTC')).toBe('2026-03-04 15:06:07');
  });
});
