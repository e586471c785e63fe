import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/api';
import { buildAuditEntry, buildOperator, buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('AuditTrail', () => {
  it('opens a row to what its change did, value by value', async () => {
    const user = userEvent.setup();
    server.use(
      answer('session', buildSession()),
      answer('operators', { items: [buildOperator()], nextCursor: null }),
      answer('audit', { items: [buildAuditEntry()], nextCursor: null }),
    );
    renderApp('/audit');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(within(table).getByText('operator.suspend')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Show what operator.suspend changed on operator 7' }));

    const diff = await screen.findByRole('table', { name: 'Values operator.suspend changed' });
    const rows = within(diff)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['statuschanged', 'active', 'suspended'],
      ['versionchanged', '3', '4'],
      ['suspendedReasonadded', '', 'left'],
    ]);
  });

  it('asks the server for the filters set, from the address', async () => {
    const user = userEvent.setup();
    const asked: URLSearchParams[] = [];
    server.use(
      answer('session', buildSession()),
      answer('operators', { items: [buildOperator({ id: 7, login: 'kim' })], nextCursor: null }),
      answer('audit', ({ url }) => {
        asked.push(url.searchParams);
        return { items: [], nextCursor: null };
      }),
    );
    renderApp('/audit?targetType=operator&targetId=7');
    expect(await screen.findByText('No change matches')).toBeVisible();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ targetType: 'operator', targetId: '7' });

    await user.selectOptions(
      await screen.findByRole('option', { name: 'kim' }).then(() => screen.getByLabelText('Operator')),
      'kim',
    );
    await user.type(screen.getByLabelText(/^Action/), 'operator.');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('location');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/audit?operatorId=7&action=operator.&targetType=operator&targetId=7',
    );
  });

  it('asks for an operator id where the roles may not list the operators', async () => {
    server.use(
      answer('session', buildSession({ roles: ['risk'] })),
      answer('audit', {
        items: [buildAuditEntry({ operatorLogin: null, operatorId: null, actor: 'cli:alice' })],
        nextCursor: null,
      }),
    );
    renderApp('/audit');
    expect(await screen.findByLabelText('Operator ID')).toBeVisible();
    expect(within(await screen.findByRole('table')).getByText('cli:alice')).toBeVisible();
  });
});
