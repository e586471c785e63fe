import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { answer } from '../../../test/api';
import { server } from '../../../test/server';
import { makeContent, makeNotice } from '../test/render-with-content';
import { NOTICE_TYPES, selectNotices, useAnnouncements } from './get-announcements';
import { contentKeys } from './query-keys';

function Probe() {
  useAnnouncements();
  return null;
}

describe(useAnnouncements.name, () => {
  afterEach(cleanup);

  it('asks for the announcements again when the language changes', async () => {
    server.use(answer('announcements', makeContent({})));
    await i18n.changeLanguage('en');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(contentKeys.announcements(NOTICE_TYPES, 'EN'), makeContent({}));
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    const languages = () =>
      client
        .getQueryCache()
        .findAll({ queryKey: [...contentKeys.all, 'announcements'] })
        .map((query) => query.queryKey.at(-1));
    expect(languages()).toEqual(['EN']);

    await act(() => i18n.changeLanguage('ko'));
    expect(languages()).toEqual(['EN', 'KO']);
    await act(() => i18n.changeLanguage('en'));
  });
});

describe(selectNotices.name, () => {
  it('lists player notices, popups and promotions once each, newest first, and never banners', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
    const shared = makeNotice(3, { type: 'PU', timestamp: at(5) });
    const notices = selectNotices(
      makeContent({
        banners: [makeNotice(9, { type: 'B', timestamp: at(30) })],
        player: [makeNotice(1, { timestamp: at(10) }), makeNotice(2, { timestamp: at(2) })],
        popup: [shared],
        promotion: [makeNotice(4, { type: 'PR', timestamp: at(20) }), shared],
      }),
    );
    expect(notices.map((notice) => notice.id)).toEqual([4, 1, 3, 2]);
  });
});
