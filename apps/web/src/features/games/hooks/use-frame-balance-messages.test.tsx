import { GAME_FRAME_MESSAGES } from '@parlay/contract/constants';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFrameBalanceMessages } from './use-frame-balance-messages';

function Framed({ url, balance }: { url: string | null; balance: number | undefined }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useFrameBalanceMessages(frame, url, balance);
  return <iframe ref={frame} title="game" />;
}

/** Renders the frame and spies on what the page posts into it. */
function setUp(url: string | null, balance: number | undefined) {
  const view = render(<Framed url={url} balance={balance} />);
  const target = view.container.querySelector('iframe')!.contentWindow!;
  const posted = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
  return { posted, update: (next: number | undefined) => view.rerender(<Framed url={url} balance={next} />) };
}

describe(useFrameBalanceMessages.name, () => {
  it("tells the game of each change after the first balance, addressed to the game's origin only", () => {
    const { posted, update } = setUp('https://games.example/house/?sessionToken=t', undefined);
    update(1_000);
    expect(posted).not.toHaveBeenCalled();
    update(1_000);
    expect(posted).not.toHaveBeenCalled();
    update(900);
    expect(posted).toHaveBeenCalledTimes(1);
    expect(posted).toHaveBeenCalledWith({ type: GAME_FRAME_MESSAGES.balanceChanged }, 'https://games.example');
    update(1_100);
    expect(posted).toHaveBeenCalledTimes(2);
  });

  it('addresses a game served by the site itself to the site, and tells a trial (no address) nothing', () => {
    const site = setUp('/house/?sessionToken=t', 1_000);
    site.update(900);
    expect(site.posted).toHaveBeenCalledWith({ type: GAME_FRAME_MESSAGES.balanceChanged }, window.location.origin);

    const trial = setUp(null, 1_000);
    trial.update(900);
    expect(trial.posted).not.toHaveBeenCalled();
  });
});
