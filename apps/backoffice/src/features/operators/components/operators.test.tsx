import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildOperator, buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('OperatorsList', () => {
  it('keeps the search in the address and pages forward and back by cursor', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      answer('session', buildSession()),
      answer('operators', ({ url }) => {
        asked.push(url.search);
        const cursor = url.searchParams.get('cursor');
        return cursor === 'next-1'
          ? { items: [buildOperator({ id: 9, login: 'park' })], nextCursor: null }
          : { items: [buildOperator({ id: 8, login: 'kim' })], nextCursor: 'next-1' };
      }),
    );
    renderApp('/operators');
    expect(await screen.findByRole('link', { name: 'kim' })).toHaveAttribute('href', '/operators/8');

    await user.type(screen.getByRole('searchbox', { name: 'Login, name or e-mail' }), 'ki');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/operators?q=ki&status=active');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'park' })).toBeVisible();
    expect(screen.getByText('Page 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'kim' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(asked).toEqual(['', '?q=ki&status=active', '?q=ki&status=active&cursor=next-1']);
  });

  it('invites an operator with the contract rules, and opens the new operator', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('operators', { items: [], nextCursor: null }),
      answer('inviteOperator', async ({ request }) => {
        body = await request.json();
        return buildOperator({ id: 12, login: 'lee', name: 'Lee', status: 'invited', totpEnrolled: false });
      }),
      answer('operator', buildOperator({ id: 12, login: 'lee', name: 'Lee', status: 'invited', totpEnrolled: false })),
    );
    renderApp('/operators');
    await user.click(await screen.findByRole('button', { name: 'Invite operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an operator' });
    await user.type(within(dialog).getByLabelText(/^Login/), 'L!');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(dialog).findAllByRole('alert')).not.toHaveLength(0);
    expect(within(dialog).getByText('Choose at least one role.')).toBeVisible();
    expect(body).toBeUndefined();

    await user.clear(within(dialog).getByLabelText(/^Login/));
    await user.type(within(dialog).getByLabelText(/^Login/), 'Lee');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Lee');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'LEE@parlay.example');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Support' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sunrise (sunrise)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));

    expect(await screen.findByRole('heading', { name: 'Lee' })).toBeVisible();
    expect(body).toEqual({
      login: 'lee',
      name: 'Lee',
      email: 'lee@parlay.example',
      roles: ['support'],
      allBrands: false,
      brands: ['sunrise'],
    });
    expect(screen.getByText('Invitation sent to operator12@parlay.example.')).toBeVisible();
  });

  it('offers the owner role only to an owner', async () => {
    const user = userEvent.setup();
    server.use(
      answer('session', buildSession({ roles: ['admin'] })),
      answer('operators', { items: [], nextCursor: null }),
    );
    renderApp('/operators');
    await user.click(await screen.findByRole('button', { name: 'Invite operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an operator' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Owner' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'Admin' })).toBeVisible();
  });
});

describe('OperatorDetail', () => {
  it('suspends after a confirmation with a reason, sending the version it opened', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('operator', buildOperator()),
      answer('suspendOperator', async ({ request }) => {
        body = await request.json();
        return buildOperator({ status: 'suspended', version: 4, suspendedReason: 'left the company', liveSessions: 0 });
      }),
    );
    renderApp('/operators/7');
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend operator7?' });
    const confirm = within(dialog).getByRole('button', { name: 'Suspend' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'left the company');
    await user.click(confirm);

    expect(await screen.findByText('The operator is suspended.')).toBeVisible();
    expect(body).toEqual({ reason: 'left the company', version: 3 });
    expect(screen.getByText('Suspended')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a save was refused because another operator changed it first, and reloads the operator', async () => {
    const user = userEvent.setup();
    let loads = 0;
    server.use(
      answer('session', buildSession()),
      answer('operator', () => {
        loads += 1;
        return loads === 1 ? buildOperator() : buildOperator({ roles: ['risk'], version: 4 });
      }),
      answer('setOperatorRoles', () => fail('BO_CHANGED_SINCE_OPENED')),
    );
    renderApp('/operators/7');
    await user.click(await screen.findByRole('button', { name: 'Change roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of operator7' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Finance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('This was changed since you opened it. Reload it and try again.', {
        selector: '[data-toast] *',
      }),
    ).toBeVisible();
    // The dialog opens again on what the other operator saved.
    const reopened = await screen.findByRole('dialog', { name: 'Roles of operator7' });
    expect(await within(reopened).findByRole('checkbox', { name: 'Risk' })).toBeChecked();
    expect(within(reopened).getByRole('checkbox', { name: 'Support' })).not.toBeChecked();
  });

  it('leaves out the changes an operator may not make to its own account', async () => {
    server.use(answer('session', buildSession({ id: 7 })), answer('operator', buildOperator({ id: 7 })));
    renderApp('/operators/7');
    expect(await screen.findByText(/Your own roles, brands and status/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change roles' })).toBeNull();
  });
});
