import type { VendorLane } from '@parlay/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { answer } from '../../test/api';
import { buildSystemStatus } from '../../test/fixtures';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { Footer } from './footer';

const lanes: VendorLane[] = [
  {
    title: 'LIVE',
    cards: [
      {
        vassalage: 'LIVEX',
        displayName: 'Live X Studio',
        smallIcon: 'https://cdn.example.test/missing.png',
        isHot: 0,
        status: 'active',
        gameType: 'LIVE',
      },
    ],
  },
];

describe(Footer.name, () => {
  beforeEach(async () => {
    // As the shell does at start (useStartSession): the vendor call waits for the brand's merchantCode.
    useSessionStore.getState().setBrand('Parlay', 'parlay');
    await i18n.changeLanguage('en');
    server.use(answer('gameVendor', { data: { lanes }, version: 1 }), answer('helpCenter', { list: [] }));
  });

  it("shows a provider's initials when its icon fails to load, not a broken image", async () => {
    const { container } = renderWithShell(<Footer />);
    const provider = (await screen.findByText('Live X Studio')).closest('li')!;
    const icon = provider.querySelector('img');
    expect(icon).toHaveAttribute('src', 'https://cdn.example.test/missing.png');
    fireEvent.error(icon!);
    expect(provider.querySelector('img')).toBeNull();
    expect(within(provider).getByText('LX')).toBeInTheDocument();
    expect(container.querySelectorAll('img[src$="missing.png"]')).toHaveLength(0);
  });

  it("writes the copyright line in the visitor's language when the brand has none of its own", async () => {
    await i18n.changeLanguage('ko');
    renderWithShell(<Footer />);
    expect(await screen.findByText(`© ${new Date().getFullYear()} Parlay. 모든 권리 보유.`)).toBeInTheDocument();
  });

  it("shows the brand's own copyright line as the operator wrote it", async () => {
    const status = buildSystemStatus();
    status.site.footer.copyright = '© Parlay Entertainment N.V.';
    await i18n.changeLanguage('ko');
    renderWithShell(<Footer />, { status });
    expect(await screen.findByText('© Parlay Entertainment N.V.')).toBeInTheDocument();
    expect(screen.queryByText(/모든 권리 보유/)).toBeNull();
  });

  it('states the operator and licence only as the brand entered them, and says when it is a demo', async () => {
    renderWithShell(<Footer />);
    await screen.findByText('Live X Studio');
    expect(screen.queryByText(/Licensed and regulated/)).toBeNull();
    expect(screen.queryByText(/demonstration brand/)).toBeNull();

    const status = buildSystemStatus();
    status.site.footer.operator = {
      company: 'Parlay Gaming N.V.',
      address: 'Willemstad, Curaçao',
      regulator: 'Curaçao Gaming Authority',
      licenceNumber: 'OGL/2024/1234',
      licenceUrl: 'https://cert.example/1234',
      demo: false,
    };
    const { unmount } = renderWithShell(<Footer />, { status });
    expect(await screen.findByText('Operated by Parlay Gaming N.V., Willemstad, Curaçao.')).toBeInTheDocument();
    expect(
      screen.getByText(/Licensed and regulated by Curaçao Gaming Authority, licence OGL\/2024\/1234/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the licence' })).toHaveAttribute('href', 'https://cert.example/1234');
    unmount();

    const demo = buildSystemStatus();
    demo.site.footer.operator = { ...demo.site.footer.operator, demo: true };
    renderWithShell(<Footer />, { status: demo });
    expect(await screen.findByText(/demonstration brand of the Parlay platform/)).toBeInTheDocument();
    expect(screen.queryByText(/Licensed and regulated/)).toBeNull();
  });
});
