import { clear, h } from '../dom';
import { api, numberField, t } from '../page';
import { stakeField, type GameClient, type Play, type RoundView } from '../shell';

/** Parlay Dice: a roll over or under a target. */
export const dice: GameClient = {
  mount(shell) {
    const display = h('div', { class: 'big' }, '—');
    const showRound = (round: RoundView) => {
      display.className = `big ${(round.winMinor ?? 0) > 0 ? 'good' : 'bad'}`;
      display.textContent = Number((round.outcome ?? {}).roll).toFixed(2);
    };
    const stake = stakeField(shell.state.limits);
    const target = numberField('target', 50, { min: 1, max: 99, step: 0.01 });
    const direction = h(
      'select',
      { 'aria-label': 'direction' },
      h('option', { value: 'over' }, t('over')),
      h('option', { value: 'under' }, t('under')),
    );
    clear(
      shell.board,
      h('div', { class: 'stage' }, display),
      h('div', { class: 'fields' }, stake.field, target.field, h('label', {}, `${t('over')}/${t('under')}`, direction)),
      h(
        'button',
        {
          class: 'play',
          onclick: () =>
            void shell.run(async () => {
              const play = await api.call<Play>('POST', 'dice/bet', {
                amountMinor: Number(stake.input.value),
                target: Number(target.input.value),
                direction: direction.value,
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
