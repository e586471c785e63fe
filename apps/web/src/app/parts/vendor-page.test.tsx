import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { answer } from '../../test/api';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { VendorPage } from './vendor-page';

function renderSports() {
  return renderWithShell(<VendorPage gameTypes={['SPORTS']} icon="sports" title="Sports" subtitle="" />, {
    route: '/sports',
  });
}

describe(VendorPage.name, () => {
  beforeEach(() => {
    sessionStorage.clear();
    // As the shell does at start (useStartSession): the vendor call waits for the brand's merchantCode.
    useSessionStore.getState().setBrand('Parlay', 'parlay');
    server.use(answer('gameVendor', { data: { lanes: [] }, version: 1 }));
  });
  afterEach(() => cleanup());

  it('tells a player that no vendor is open yet and leads back to the lobby, never how the operator adds one', async () => {
    await i18n.changeLanguage('en');
    renderSports();
    expect(await screen.findByText('Nothing to play here yet')).toBeInTheDocument();
    expect(screen.getByText('These games are not open yet. Please check back soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/index');
    expect(screen.queryByText(/operator|provider/i)).not.toBeInTheDocument();
  });

  it('says the same to a player in Korean', async () => {
    await i18n.changeLanguage('ko');
    renderSports();
    expect(await screen.findByText('아직 이용할 수 있는 게임이 없습니다')).toBeInTheDocument();
    expect(screen.getByText('이 게임은 아직 열리지 않았습니다. 곧 다시 확인해 주세요.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로비로 돌아가기' })).toHaveAttribute('href', '/index');
    expect(screen.queryByText(/운영사|제공사/)).not.toBeInTheDocument();
  });
});
