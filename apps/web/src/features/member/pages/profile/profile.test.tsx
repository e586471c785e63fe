import {
  AvatarResponseSchema,
  BoundContactsResponseSchema,
  IconListResponseSchema,
  NicknameUpdateResponseSchema,
  STATIC_AVATARS,
} from '@parlay/contract';
import { ACCOUNT_CALLS, CONTACT_CALLS } from '@parlay/contract/constants';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { ok, offline } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import ProfilePage from './index';

const sent: { nickname: unknown[]; avatar: unknown[]; upload: { type: string | null; size: number }[] } = {
  nickname: [],
  avatar: [],
  upload: [],
};

describe('the profile page', () => {
  beforeEach(async () => {
    sent.nickname = [];
    sent.avatar = [];
    sent.upload = [];
    sessionStorage.clear();
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo01' });
    useSessionStore.getState().setMember({ id: 7, account: 'demo01', nickname: 'Demo', type: 0 });
    await i18n.changeLanguage('en');
    server.use(
      http.get(ACCOUNT_CALLS.avatars.path, () =>
        ok(IconListResponseSchema, { current: { avatar: 'a03', avatarType: 'STATIC' }, icons: [...STATIC_AVATARS] }),
      ),
      http.get(CONTACT_CALLS.contacts.path, () =>
        ok(BoundContactsResponseSchema, { mobile: null, email: { masked: 'de**@parlay.example' } }),
      ),
      http.put(ACCOUNT_CALLS.changeNickname.path, async ({ request }) => {
        const body = (await request.json()) as { nickname: string };
        sent.nickname.push(body);
        return ok(NicknameUpdateResponseSchema, { nickname: body.nickname.trim() });
      }),
      http.put(ACCOUNT_CALLS.changeAvatar.path, async ({ request }) => {
        const body = (await request.json()) as { avatar: string };
        sent.avatar.push(body);
        return ok(AvatarResponseSchema, { avatar: body.avatar, avatarType: 'STATIC' });
      }),
      http.put(ACCOUNT_CALLS.uploadAvatar.path, async ({ request }) => {
        sent.upload.push({ type: request.headers.get('content-type'), size: (await request.arrayBuffer()).byteLength });
        return ok(AvatarResponseSchema, {
          avatar: '/wps/media/0123456789abcdef0123456789abcdef.png',
          avatarType: 'CUSTOM',
        });
      }),
      offline(),
    );
  });
  afterEach(() => cleanup());

  it('names itself in a level-2 title, as every page of the member centre does, in each language', async () => {
    renderWithShell(<ProfilePage />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Profile');
    await screen.findByLabelText('Nickname');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Profile');
    await i18n.changeLanguage('ko');
    expect(await screen.findByRole('heading', { level: 2, name: '프로필' })).toBeVisible();
  });

  it('changes the nickname, and refuses one outside the rule without asking the server', async () => {
    const user = userEvent.setup();
    renderWithShell(<ProfilePage />);
    const input = await screen.findByLabelText('Nickname');
    expect(input).toHaveValue('Demo');
    await user.clear(input);
    await user.type(input, 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('2 to 20 letters');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(sent.nickname).toEqual([]);
    await user.clear(input);
    await user.type(input, ' 별빛 Player ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your nickname has been changed.')).toBeVisible();
    expect(sent.nickname).toEqual([{ nickname: '별빛 Player' }]);
    expect(useSessionStore.getState().member?.nickname).toBe('별빛 Player');
  });

  it('chooses a static avatar, and uploads a photo sent as its bytes', async () => {
    // As a browser lets a file of another type through when the picker is told "all files".
    const user = userEvent.setup({ applyAccept: false });
    renderWithShell(<ProfilePage />);
    expect(await screen.findByRole('radio', { name: 'Avatar 3' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: 'Avatar 5' }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Avatar 5' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(sent.avatar).toEqual([{ avatar: 'a05' }]);

    const file = document.querySelector<HTMLInputElement>('[data-avatar-file]')!;
    await user.upload(file, new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('5 MB or smaller');
    await user.upload(file, new File(['GIF89a'], 'x.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a PNG or JPEG');
    expect(sent.upload).toEqual([]);

    await user.upload(file, new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Your avatar has been changed.')).toBeVisible();
    expect(sent.upload).toEqual([{ type: 'application/octet-stream', size: 2048 }]);
    expect(screen.getAllByRole('radio').every((radio) => radio.getAttribute('aria-checked') === 'false')).toBe(true);
  });
});
