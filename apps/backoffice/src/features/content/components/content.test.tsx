import type { BoAnnouncement } from '@parlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildAnnouncement(overrides: Partial<BoAnnouncement> = {}): BoAnnouncement {
  return {
    id: 31,
    type: 'PL',
    language: 'EN',
    title: 'Server maintenance on Sunday',
    content: '<p>The site rests for an hour.</p>',
    imageUrl: null,
    linkUrl: null,
    groupName: null,
    audience: 'all',
    sortOrder: 0,
    startsAt: '2026-11-20T00:00:00.000Z',
    endsAt: null,
    state: 'live',
    version: 2,
    updatedAt: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}

describe('Content pages', () => {
  it('lists the announcements and asks for one type when its chip is pressed', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    server.use(
      answer('session', buildSession()),
      answer('announcements', ({ url }) => {
        asked.push(url.searchParams.get('type'));
        return { items: [buildAnnouncement()], nextCursor: null };
      }),
    );
    renderApp('/brands/parlay/content');
    const table = await screen.findByRole('table', { name: 'Announcements' });
    expect(within(table).getByRole('link', { name: 'Server maintenance on Sunday' })).toHaveAttribute(
      'href',
      '/brands/parlay/content/31',
    );
    expect(within(table).getByText('Marquee notice')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Marquee notice' }));
    await waitFor(() => expect(asked).toEqual([null, 'PL']));
    expect(screen.getByTestId('location')).toHaveTextContent('/brands/parlay/content?type=PL');
  });

  it('saves an announcement with the version it opened and shows the text as the server stored it', async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> | undefined;
    const stored = buildAnnouncement({
      content: '<p>Hello<img src="x" onerror="alert(1)"><script>alert(2)</script></p>',
    });
    server.use(
      answer('session', buildSession()),
      answer('announcement', stored),
      answer('updateAnnouncement', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return buildAnnouncement({
          title: String(body['title']),
          content: '<p>Hello</p>',
          version: 3,
          updatedAt: '2026-11-27T10:00:00.000Z',
        });
      }),
    );
    renderApp('/brands/parlay/content/31');
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Maintenance moved to Monday');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved. Players see it at their next page.')).toBeVisible();
    expect(body).toMatchObject({ title: 'Maintenance moved to Monday', type: 'PL', language: 'EN', version: 2 });
    expect(await screen.findByRole('heading', { name: 'Maintenance moved to Monday' })).toBeVisible();
    const editor = screen.getByRole('textbox', { name: 'Text' });
    expect(editor.innerHTML).toContain('Hello');
    expect(editor.querySelector('script, img[onerror]')).toBeNull();
  });

  it('addresses a notice to agents only, and lists it so', async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> | undefined;
    server.use(
      answer('session', buildSession()),
      answer('announcement', buildAnnouncement()),
      answer('updateAnnouncement', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return buildAnnouncement({ audience: 'agents', version: 3 });
      }),
      answer('announcements', { items: [buildAnnouncement({ audience: 'agents' })], nextCursor: null }),
    );
    renderApp('/brands/parlay/content/31');
    await user.selectOptions(await screen.findByLabelText(/^Who sees it/), 'agents');
    expect(screen.getByText(/Only in the agent centre's announcements/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toMatchObject({ audience: 'agents', version: 2 }));

    renderApp('/brands/parlay/content');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Agents only')).toBeVisible();
  });

  it('asks for the image of a new banner before sending anything', async () => {
    const user = userEvent.setup();
    server.use(answer('session', buildSession()));
    renderApp('/brands/parlay/content/new?type=B');
    await user.type(await screen.findByLabelText(/^Title/), 'Winter bonus');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('A banner needs its image: a path of the site (/…) or an https address.'),
    ).toBeVisible();
  });

  it('says another operator changed the announcement and reloads it on the operator word', async () => {
    const user = userEvent.setup();
    let reads = 0;
    server.use(
      answer('session', buildSession()),
      answer('announcement', () => {
        reads += 1;
        return reads === 1 ? buildAnnouncement() : buildAnnouncement({ title: 'Their title', version: 5 });
      }),
      answer('updateAnnouncement', () => fail('BO_CHANGED_SINCE_OPENED', { version: 5 })),
    );
    renderApp('/brands/parlay/content/31');
    await user.type(await screen.findByLabelText(/^Title/), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const banner = await screen.findByText(/Another operator changed this since you opened it/);
    await user.click(within(banner.parentElement!).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('heading', { name: 'Their title' })).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Their title');
  });

  it('moves a banner and saves the new order as one change, each banner with its version', async () => {
    const user = userEvent.setup();
    let body: unknown;
    const banners = [
      buildAnnouncement({ id: 1, type: 'B', title: 'First', sortOrder: 10, version: 1, imageUrl: '/b1.png' }),
      buildAnnouncement({ id: 2, type: 'B', title: 'Second', sortOrder: 20, version: 4, imageUrl: '/b2.png' }),
      buildAnnouncement({ id: 3, type: 'B', title: 'Login', groupName: 'w_login', version: 1, imageUrl: '/b3.png' }),
    ];
    server.use(
      answer('session', buildSession()),
      answer('announcements', { items: banners, nextCursor: null }),
      answer('setAnnouncementOrder', async ({ request }) => {
        body = await request.json();
        return { items: [banners[1]!, banners[0]!] };
      }),
    );
    renderApp('/brands/parlay/content/banners');
    const list = await screen.findByRole('list', { name: 'Banners in their order' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save the order' })).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: 'Move First down' }));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Second');
    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await screen.findByText("The banners' order was saved.")).toBeVisible();
    expect(body).toEqual({
      items: [
        { id: 2, version: 4 },
        { id: 1, version: 1 },
      ],
    });
  });

  it('shows a read-only operator the announcement with nothing to change', async () => {
    server.use(answer('session', buildSession({ roles: ['readOnly'] })), answer('announcement', buildAnnouncement()));
    renderApp('/brands/parlay/content/31');
    expect(await screen.findByRole('heading', { name: 'Server maintenance on Sunday' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('readonly');
  });
});
