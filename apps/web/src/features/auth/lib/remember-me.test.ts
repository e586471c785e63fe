import { afterEach, describe, expect, it } from 'vitest';
import { forgetLogin, readRememberedLogin, rememberLogin } from './remember-me';

const PASSWORD = 'S3cret!Pass';

function everythingStored(): string {
  const local = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
  const session = Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`);
  return [document.cookie, ...local, ...session].join('\n');
}

describe(rememberLogin.name, () => {
  afterEach(() => forgetLogin());

  it('keeps the username and never the password, even when handed one', () => {
    const login = { username: 'player1', password: PASSWORD } as { username: string };
    rememberLogin(true, login);
    expect(readRememberedLogin()).toEqual({ username: 'player1', sms: null });
    expect(everythingStored()).not.toContain(PASSWORD);
    expect(document.cookie).toContain('loginRemember=true');
  });

  it('keeps the mobile number with its dialling code for the SMS tab', () => {
    const login = { mobileNum: '1012345678', countryDialingCode: '82', password: PASSWORD } as {
      mobileNum: string;
      countryDialingCode: string;
    };
    rememberLogin(true, login);
    expect(readRememberedLogin().sms).toEqual({ mobileNum: '1012345678', countryDialingCode: '82' });
    expect(everythingStored()).not.toContain(PASSWORD);
  });

  it('forgets everything when remember-me is off', () => {
    rememberLogin(true, { username: 'player1' });
    rememberLogin(false, { username: 'player1' });
    expect(readRememberedLogin()).toEqual({ username: null, sms: null });
    expect(document.cookie).not.toContain('player1');
  });
});
