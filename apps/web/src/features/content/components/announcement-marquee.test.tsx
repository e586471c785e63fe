import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useModalStore } from '../../../lib/modal-store';
import { makeContent, makeNotice, renderWithContent } from '../test/render-with-content';
import { AnnouncementMarquee } from './announcement-marquee';
import { LobbyBanners } from './lobby-banners';
import { NoticeModal } from './notice-modal';

const notices = Array.from({ length: 12 }, (_, index) => makeNotice(index + 1));

describe(AnnouncementMarquee.name, () => {
  afterEach(() => {
    cleanup();
    act(() => useModalStore.getState().closeModal());
  });

  it('opens the notice modal on the notice that was clicked', async () => {
    await renderWithContent(
      <>
        <AnnouncementMarquee />
        <NoticeModal />
      </>,
      { notices: makeContent({ player: notices }) },
    );
    const marquee = screen.getByRole('region', { name: 'Announcements' });
    // The second copy of the scrolling list is hidden from assistive technology.
    expect(within(marquee).getAllByRole('button', { name: /^Notice \d+$/ })).toHaveLength(12);
    await userEvent.click(within(marquee).getByRole('button', { name: 'Notice 11' }));

    const dialog = await screen.findByRole('dialog', { name: 'Notices' });
    expect(within(dialog).getByRole('heading', { name: 'Notice 11' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows nothing when there are no player notices', async () => {
    const { container } = await renderWithContent(<AnnouncementMarquee />, { notices: makeContent({}) });
    expect(container).toBeEmptyDOMElement();
  });
});

describe(LobbyBanners.name, () => {
  afterEach(cleanup);

  const banners = [1, 2, 3].map((id) =>
    makeNotice(id, { type: 'B', title: `Banner ${id}`, imageUrl: `/banners/${id}.svg`, linkUrl: '/promotions' }),
  );

  it('shows lobby banners as slides and leaves out the login and register banners', async () => {
    const loginBanner = makeNotice(9, { type: 'B', title: 'Login banner', groupName: 'w_login' });
    await renderWithContent(<LobbyBanners />, { notices: makeContent({ banners: [...banners, loginBanner] }) });
    const carousel = screen.getByRole('region', { name: 'Featured' });
    expect(within(carousel).getAllByRole('group')).toHaveLength(3);
    expect(within(carousel).queryByAltText('Login banner')).toBeNull();
    expect(within(carousel).getByRole('button', { name: 'Show slide 1' })).toHaveAttribute('aria-current', 'true');
  });

  it('moves with the next button and keeps slides out of view inert', async () => {
    await renderWithContent(<LobbyBanners />, { notices: makeContent({ banners }) });
    const carousel = screen.getByRole('region', { name: 'Featured' });
    await userEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(within(carousel).getByRole('button', { name: 'Show slide 2' })).toHaveAttribute('aria-current', 'true');
    const slides = carousel.querySelectorAll('[aria-roledescription="slide"]');
    expect([...slides].map((slide) => slide.hasAttribute('inert'))).toEqual([true, false, true]);
    await userEvent.click(within(carousel).getByRole('button', { name: 'Pause the slideshow' }));
    expect(within(carousel).getByRole('button', { name: 'Play the slideshow' })).toBeInTheDocument();
  });
});
