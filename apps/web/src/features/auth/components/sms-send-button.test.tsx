import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { SmsSendButton } from './sms-send-button';

/** Anything a screen reader reads out by itself when its text changes. */
const LIVE = '[aria-live], [role="status"], [role="alert"], [role="log"], [role="timer"], [role="marquee"]';

/** A button whose code is valid for one second, so its countdown ends within the test. */
function renderButton() {
  const { container } = render(
    <SmsSendButton
      canSend={() => true}
      onSend={() => Promise.resolve({ expiredMinutes: 1 / 60 })}
      onError={() => {}}
    />,
  );
  return container;
}

describe(SmsSendButton.name, () => {
  beforeEach(() => i18n.changeLanguage('en'));
  afterEach(cleanup);

  it('counts down outside any live region, so the seconds are not read out every second', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Get code' }));
    const button = await screen.findByRole('button', { name: 'Send the code again in 1 s' });
    expect(button).toBeDisabled();
    expect(button.closest(LIVE)).toBeNull();
  });

  // The visible seconds alone ('1 s', '1초') would be the whole name of a button that says nothing of itself.
  it.each([
    ['en', 'Send the code again in 1 s', '1 s'],
    ['ko', '1초 후 인증번호 다시 받기', '1초'],
  ] as const)(
    'names the counting button by what it does and when (%s), around the short seconds it shows',
    async (language, name, shown) => {
      await i18n.changeLanguage(language);
      renderButton();
      await userEvent.click(screen.getByRole('button', { name: i18n.t('auth:sms.send') }));
      expect(await screen.findByRole('button', { name })).toHaveTextContent(shown);
    },
  );

  it('says once, in a region there and empty from the start, that a new code may be asked for', async () => {
    const container = renderButton();
    const regions = container.querySelectorAll(LIVE);
    expect(regions).toHaveLength(1);
    const region = regions[0];
    expect(region).toBeEmptyDOMElement();
    await userEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: 'Send the code again in 1 s' });
    expect(region).toBeEmptyDOMElement();
    expect(await screen.findByRole('button', { name: 'Get code' }, { timeout: 3000 })).toBeEnabled();
    expect(region).toHaveTextContent('You can ask for a new code now.');
    // Visually the button says it; the sentence is for screen readers only.
    expect(region).toHaveClass('visually-hidden');
  });
});
