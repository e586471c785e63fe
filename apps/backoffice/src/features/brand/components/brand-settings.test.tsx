import type { BrandSettings } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildSettings(overrides: Partial<BrandSettings> = {}): BrandSettings {
  return {
    code: 'parlay',
    name: 'Parlay',
    version: 4,
    siteUrl: 'https://parlay.example',
    whitelabel: [
      {
        modId: 'DIRECT_REGISTER',
        enabled: '1',
        childrenNodes: [{ modId: 'REGISTER_USERNAME', enabled: '1', childrenNodes: [] }],
      },
      { modId: 'REFERRAL', enabled: '1', childrenNodes: [] },
    ],
    knownModules: ['DIRECT_REGISTER', 'REGISTER_USERNAME', 'REFERRAL', 'PROMOTIONS'],
    maintenance: { state: 'off', startsAt: null, endsAt: null },
    regions: { countries: ['US'], ips: [] },
    domains: [{ domain: 'parlay.example', isRoute: true, isAgentSite: false }],
    customerService: [{ csType: 'LIVECHAT', path: 'https://chat.parlay.example' }],
    operator: { company: '', address: '', regulator: '', licenceNumber: '', licenceUrl: '', demo: true },
    languages: ['KO', 'EN'],
    defaultLanguage: 'KO',
    currency: { code: 'KRW', symbol: '₩', exponent: 0, membersWithBalance: 3 },
    theme: { chatHeaderColor: '#5b3fd6', primaryColor: '#f6c544', secondaryColor: '#ff8a3d' },
    logoUrl: null,
    ...overrides,
  };
}

describe('BrandSettingsPage', () => {
  it('switches a flag with the version it opened, and the next save carries the version that save made', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let settings = buildSettings();
    server.use(
      answer('session', buildSession()),
      answer('brandSettings', () => settings),
      answer('setBrandFlag', async ({ request }) => {
        const body = (await request.json()) as { modId: string; enabled: boolean };
        sent.push(body);
        settings = buildSettings({
          version: settings.version + 1,
          whitelabel: settings.whitelabel.map((node) =>
            node.modId === body.modId ? { ...node, enabled: body.enabled ? '1' : '0' } : node,
          ),
        });
        return settings;
      }),
    );
    renderApp('/brands/parlay/settings');
    const tree = await screen.findByRole('list', { name: 'Whitelabel tree' });
    const referral = within(tree).getByRole('switch', { name: 'REFERRAL' });
    expect(referral).toHaveAttribute('aria-checked', 'true');

    await user.click(referral);
    expect(await screen.findByText('REFERRAL is off.')).toBeVisible();
    expect(within(tree).getByRole('switch', { name: 'REFERRAL' })).toHaveAttribute('aria-checked', 'false');
    await user.click(within(tree).getByRole('switch', { name: 'REFERRAL' }));
    expect(await screen.findByText('REFERRAL is on.')).toBeVisible();
    expect(sent).toEqual([
      { modId: 'REFERRAL', enabled: false, version: 4 },
      { modId: 'REFERRAL', enabled: true, version: 5 },
    ]);
  });

  it('says a module under one that is off stays off, and lists known modules missing from the tree', async () => {
    server.use(
      answer('session', buildSession()),
      answer(
        'brandSettings',
        buildSettings({
          whitelabel: [
            {
              modId: 'DIRECT_REGISTER',
              enabled: '0',
              childrenNodes: [{ modId: 'REGISTER_USERNAME', enabled: '1', childrenNodes: [] }],
            },
          ],
        }),
      ),
    );
    renderApp('/brands/parlay/settings');
    const tree = await screen.findByRole('list', { name: 'Whitelabel tree' });
    expect(within(tree).getByText('Off: its parent is off')).toBeVisible();
    const missing = screen.getByRole('list', { name: /^Modules not in the tree/ });
    expect(within(missing).getByRole('switch', { name: 'PROMOTIONS' })).toHaveAttribute('aria-checked', 'false');
  });

  it('refuses a stale save with the server message and reloads the settings on the operator word', async () => {
    const user = userEvent.setup();
    let reads = 0;
    server.use(
      answer('session', buildSession()),
      answer('brandSettings', () => {
        reads += 1;
        return reads === 1
          ? buildSettings()
          : buildSettings({ version: 9, regions: { countries: ['US', 'FR'], ips: ['198.51.100.0/24'] } });
      }),
      answer('setBrandRegions', () => fail('BO_CHANGED_SINCE_OPENED', { version: 9 })),
    );
    renderApp('/brands/parlay/settings');
    const countries = await screen.findByLabelText('Countries');
    await user.clear(countries);
    await user.type(countries, 'US, JP');
    const card = screen.getByRole('region', { name: 'Region blocks' });
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(
      await within(card).findByText('This was changed since you opened it. Reload it and try again.'),
    ).toBeVisible();
    const banner = screen.getByText(/Another operator changed this brand since you opened the page/);
    await user.click(within(banner.parentElement!).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByLabelText('Countries')).toHaveValue('US, FR');
    expect(screen.getByLabelText('IP addresses and ranges')).toHaveValue('198.51.100.0/24');
    expect(screen.queryByText(/Another operator changed this brand/)).not.toBeInTheDocument();
  });

  it('keeps a colour pair no text reads on from being saved, and says why', async () => {
    const user = userEvent.setup();
    server.use(answer('session', buildSession()), answer('brandSettings', buildSettings()));
    renderApp('/brands/parlay/settings');
    const card = await screen.findByRole('region', { name: 'Theme colours' });
    const secondary = within(card).getByLabelText('Second colour (gradients)');
    await user.clear(secondary);
    await user.type(secondary, '#1b1b1b');
    expect(within(card).getByRole('alert')).toHaveTextContent('No text colour reads on both colours');
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(secondary);
    await user.type(secondary, '#ffd27a');
    expect(within(card).getByText('Text reads on both colours.')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("saves the footer's operator lines, and keeps a licence number without its regulator from being sent", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      answer('session', buildSession()),
      answer('brandSettings', buildSettings()),
      answer('setBrandOperator', async ({ request }) => {
        const body = (await request.json()) as { operator: BrandSettings['operator'] };
        sent.push(body);
        return buildSettings({ version: 5, operator: body.operator });
      }),
    );
    renderApp('/brands/parlay/settings');
    const card = await screen.findByRole('region', { name: 'Operator and licence' });
    await user.type(within(card).getByLabelText('Company'), 'Parlay Gaming N.V.');
    await user.type(within(card).getByLabelText('Licence number'), 'OGL/2024/1234');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getAllByText('A licence names its regulator and its number, or neither.')).not.toHaveLength(0);
    expect(sent).toHaveLength(0);

    await user.type(within(card).getByLabelText('Regulator'), 'Curaçao Gaming Authority');
    await user.click(within(card).getByLabelText('This brand is a demonstration (the footer says so)'));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      operator: {
        company: 'Parlay Gaming N.V.',
        address: '',
        regulator: 'Curaçao Gaming Authority',
        licenceNumber: 'OGL/2024/1234',
        licenceUrl: '',
        demo: false,
      },
      version: 4,
    });
  });

  it('turns maintenance on now only after the operator confirms', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('brandSettings', buildSettings()),
      answer('setBrandMaintenance', async ({ request }) => {
        body = await request.json();
        return buildSettings({ version: 5, maintenance: { state: 'on', startsAt: null, endsAt: null } });
      }),
    );
    renderApp('/brands/parlay/settings');
    const card = await screen.findByRole('region', { name: 'Maintenance' });
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(card).getByRole('radio', { name: /On now/ }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn maintenance on now?' });
    expect(body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Turn it on' }));
    expect(await screen.findByText('Maintenance is on.')).toBeVisible();
    expect(body).toEqual({ state: 'on', startsAt: null, endsAt: null, version: 4 });
    expect(within(card).getByText('Under maintenance')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('refuses a file that is not a PNG or JPEG by its bytes without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    server.use(answer('session', buildSession()), answer('brandSettings', buildSettings()));
    renderApp('/brands/parlay/settings');
    const card = await screen.findByRole('region', { name: 'Logo' });
    expect(within(card).getByText(/PNG or JPEG, up to 2048 KB, from 32×32 to 1024×512 pixels/)).toBeVisible();
    const script = new File(['<svg onload="alert(1)"></svg>'], 'logo.png', { type: 'image/png' });
    await user.upload(within(card).getByLabelText('Upload a logo'), script);
    expect(await within(card).findByText('Only a PNG or JPEG image can be uploaded.')).toBeVisible();
  });

  it('shows a content operator the settings with nothing to change', async () => {
    server.use(answer('session', buildSession({ roles: ['content'] })), answer('brandSettings', buildSettings()));
    renderApp('/brands/parlay/settings');
    expect(await screen.findByText('Your roles let you see these settings, not change them.')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'REFERRAL' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText(/3 members hold a balance/)).toBeVisible();
  });
});
