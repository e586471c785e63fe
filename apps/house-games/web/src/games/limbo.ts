import { clear, h } from '../dom';
import { api, numberField, t } from '../page';
import { stakeField, type GameClient, type Play, type RoundView } from '../shell';

/** Parlay Limbo: a result at or above the player's target multiplier wins it. */
export const limbo: GameClient = {
  mount(shell) {
    const display = h('div', { class: 'big' }, '—');
    const showRound = (round: RoundView) => {
      display.className = `big ${(round.winMinor ?? 0) > 0 ? 'good' : 'bad'}`;
      display.textContent = `${Number((round.outcome ?? {}).multiplier).toFixed(2)}×`;
    };
    const stake = stakeField(shell.state.limits);
    const target = numberField('target', 2, { min: 1.01, step: 0.01 });
    clear(
      shell.board,
      h('div', { class: 'stage' }, display),
      h('div', { class: 'fields' }, stake.field, target.field),
      h(
        'button',
        {
          class: 'play',
          onclick: () =>
            void shell.run(async () => {
              const play = await api.call<Play>('POST', 'limbo/bet', {
                amountMinor: Number(stake.input.value),
                target: Number(target.input.value),
              });
              showRound(play.round);
              shell.setBalance(play.balanceMinor);
              await shell.refresh();
            }),
        },
        t('bet'),
      ),
      shell.error,
    );
    return { showRound };
  },
};
