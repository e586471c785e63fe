import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const TOKEN = 'invitation-token-0123456789';

describe('InvitationForm', () => {
  it('sets the password of an invitation, then leads to sign-in with the login filled', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('invitation', {
        login: 'lee',
        name: 'Lee',
        email: 'lee@parlay.example',
        expiresAt: '2026-11-30T09:00:00.000Z',
      }),
      answer('acceptInvitation', async ({ request }) => {
        body = await request.json();
        return { login: 'lee' };
      }),
      answer('session', () => fail('BO_NOT_SIGNED_IN')),
    );
    renderApp(`/invitation?token=${TOKEN}`);
    expect(await screen.findByText(/Lee, you were invited/)).toBeVisible();
    await user.type(screen.getByLabelText(/^New password\s*\*?$/), 'short');
    await user.type(screen.getByLabelText(/^New password again/), 'short');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At least 12 characters, not your login.');
    expect(body).toBeUndefined();

    await user.clear(screen.getByLabelText(/^New password\s*\*?$/));
    await user.type(screen.getByLabelText(/^New password\s*\*?$/), 'a long enough password');
    await user.clear(screen.getByLabelText(/^New password again/));
    await user.type(screen.getByLabelText(/^New password again/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));

    expect(body).toEqual({ token: TOKEN, password: 'a long enough password' });
    expect(await screen.findByLabelText(/^Login/)).toHaveValue('lee');
  });

  it('says when the link is no longer good', async () => {
    server.use(answer('invitation', () => fail('BO_INVITATION_INVALID')));
    renderApp(`/invitation?token=${TOKEN}`);
    expect(await screen.findByText('The invitation link is not valid or has expired.')).toBeVisible();
  });
});
