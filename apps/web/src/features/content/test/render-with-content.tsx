import type { Announcement, SystemStatus } from '@parlay/contract';
import type { ReactElement } from 'react';
import i18n from '../../../i18n/index';
import { createTestQueryClient, renderWithShell } from '../../../test/render-with-shell';
import { getAnnouncementsQueryOptions, NOTICE_TYPES, type AnnouncementContent } from '../api/get-announcements';

/** The parts of the system status the content feature reads. */
export function makeStatus(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    brand: {
      announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
      timeZone: 'Asia/Seoul',
      name: 'Parlay Demo',
    },
    resources: [],
    whitelabel: [],
    ...overrides,
  } as unknown as SystemStatus;
}

/** Notice `id` is `id` days older than 2026-01-01, so a higher id sorts later in the newest-first list. */
export function makeNotice(id: number, overrides: Partial<Announcement> = {}): Announcement {
  return {
    id,
    type: 'PL',
    title: `Notice ${id}`,
    content: `<p>Body of notice ${id}</p>`,
    imageUrl: null,
    linkUrl: null,
    groupName: null,
    timestamp: new Date(Date.UTC(2026, 0, 1, 3, 4, 5) - id * 86_400_000).toISOString(),
    ...overrides,
  };
}

export function makeContent(parts: Partial<AnnouncementContent>): AnnouncementContent {
  return { banners: [], player: [], popup: [], promotion: [], other: [], ...parts };
}

/**
 * Renders inside the providers the shell gives a page, in English, with the given announcements
 * already in the query cache, so no network is involved.
 */
export async function renderWithContent(
  ui: ReactElement,
  {
    notices,
    status = makeStatus(),
    route = '/',
  }: { notices?: AnnouncementContent; status?: SystemStatus; route?: string } = {},
) {
  await i18n.changeLanguage('en');
  const client = createTestQueryClient({ staleTime: Infinity });
  if (notices) {
    client.setQueryData(getAnnouncementsQueryOptions(NOTICE_TYPES, 'EN').queryKey, notices);
    const brandTypes = status.brand.announcementTypes.join(',');
    client.setQueryData(getAnnouncementsQueryOptions(brandTypes, 'EN').queryKey, notices);
  }
  return renderWithShell(ui, { route, status, client });
}
