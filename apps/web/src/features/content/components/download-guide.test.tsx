import type { Resource } from '@parlay/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStatus, renderWithContent } from '../test/render-with-content';
import { DownloadGuide } from './download-guide';

const resources: Resource[] = [
  {
    resourceType: 'ANDROID',
    url: 'https://cdn.example/parlay.apk',
    qrCodeUrl: '/down#android',
    labelNameEn: 'Android App',
    labelNameCn: 'Android 앱',
  },
  { resourceType: 'IOS', url: '/down#ios', qrCodeUrl: '/down#ios', labelNameEn: 'iOS App', labelNameCn: 'iOS 앱' },
];

describe(DownloadGuide.name, () => {
  afterEach(cleanup);

  it("draws a QR code of each of the brand's resources, iOS first", async () => {
    await renderWithContent(<DownloadGuide />, { status: makeStatus({ resources }), route: '/down' });
    const codes = await screen.findAllByRole('img', { name: /^QR code for/ });
    expect(codes.map((code) => code.getAttribute('alt'))).toEqual(['QR code for iOS App', 'QR code for Android App']);
    expect(codes[1]).toHaveAttribute('data-qr-value', `${window.location.origin}/down#android`);
    expect(codes[1]?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('links a file to its download and a link back to this page to its install guide', async () => {
    window.history.replaceState(null, '', '/down');
    await renderWithContent(<DownloadGuide />, { status: makeStatus({ resources }), route: '/down' });
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', 'https://cdn.example/parlay.apk');
    expect(screen.getByRole('link', { name: 'How to install' })).toHaveAttribute('href', '#ios');
    expect(document.getElementById('ios-lite')).not.toBeNull();
  });

  it('says so when the brand offers no download, and still shows the guides', async () => {
    await renderWithContent(<DownloadGuide />, { status: makeStatus({ resources: [] }), route: '/down' });
    expect(screen.getByText('No app downloads are offered right now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Android' })).toBeInTheDocument();
  });
});
