import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('IpAllowListEditor', () => {
  it('adds the operator own address to an empty list and saves it with the version it opened', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('ipAllowList', { brand: 'parlay', entries: [], version: 2, yourIp: '203.0.113.7' }),
      answer('setIpAllowList', async ({ request }) => {
        body = await request.json();
        return {
          brand: 'parlay',
          entries: [{ cidr: '203.0.113.7', note: 'my address' }],
          version: 3,
          yourIp: '203.0.113.7',
        };
      }),
    );
    renderApp('/brands/parlay/ip-allow-list');
    expect(await screen.findByText(/The list is empty/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add your address' }));
    await user.click(screen.getByRole('button', { name: 'Save the list' }));

    expect(await screen.findByText('The allow-list was saved.')).toBeVisible();
    expect(body).toEqual({ entries: [{ cidr: '203.0.113.7', note: 'my address' }], version: 2 });
    expect(screen.getByText(/Only 1 address or range below/)).toBeVisible();
  });

  it('shows the server refusal of a list that would lock the operator out', async () => {
    const user = userEvent.setup();
    server.use(
      answer('session', buildSession()),
      answer('ipAllowList', {
        brand: 'parlay',
        entries: [{ cidr: '203.0.113.7', note: 'office' }],
        version: 2,
        yourIp: '203.0.113.7',
      }),
      answer('setIpAllowList', () => fail('BO_IP_LIST_EXCLUDES_YOU', { ip: '203.0.113.7' })),
    );
    renderApp('/brands/parlay/ip-allow-list');
    const list = await screen.findByRole('list', { name: 'Allowed addresses' });
    const cidr = within(list).getByLabelText(/^Address or range/);
    await user.clear(cidr);
    await user.type(cidr, '198.51.100.0/24');
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    expect(await screen.findByText(/saving it would lock you out/, { selector: 'form [role="alert"]' })).toBeVisible();
  });

  it('refuses a brand the operator may not act on without asking the server', async () => {
    server.use(answer('session', buildSession({ roles: ['admin'], brands: [{ code: 'parlay', name: 'Parlay' }] })));
    renderApp('/brands/elsewhere/ip-allow-list');
    expect(await screen.findByText('You may not act on the brand elsewhere.')).toBeVisible();
  });
});
