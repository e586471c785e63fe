import { clear, h } from '../dom';
import { api, numberField, t } from '../page';
import { stakeField, type GameClient, type Play, type RoundView } from '../shell';

/** Parlay Mines: 25 tiles, the player's number of mines; cash out after any safe tile. */
export const mines: GameClient = {
  mount(shell) {
    const detail = h('div', { class: 'detail' });
    const minesGrid = h('div', { class: 'grid mines' });
    let openMines: RoundView | null = shell.state.openRound;
    const showMines = (round: RoundView): void => {
      const revealed = round.progress?.revealed ?? [];
      const mineTiles = (round.outcome?.mineTiles as number[] | undefined) ?? [];
      const isOpen = round.state === 'open';
      clear(
        minesGrid,
        ...Array.from({ length: 25 }, (_, tile) => {
          const isMine = mineTiles.includes(tile);
          const isSafe = revealed.includes(tile) && !isMine;
          return h(
            'button',
            {
              class: isSafe ? 'safe' : isMine ? 'mine' : '',
              disabled: !isOpen || revealed.includes(tile),
              'aria-label': `tile ${tile + 1}`,
              onclick: () =>
                void shell.run(async () => {
                  const play = await api.call<Play>('POST', 'mines/reveal', { roundId: round.roundId, tile });
                  openMines = play.round.state === 'open' ? play.round : null;
                  showMines(play.round);
                  shell.setBalance(play.balanceMinor);
                  if (!openMines) await shell.refresh();
                }),
            },
            isMine ? '💣' : isSafe ? '💎' : '',
          );
        }),
      );
      detail.textContent = `${t('multiplier')}: ${(round.progress?.multiplier ?? 1).toFixed(4)}×`;
    };
    const stake = stakeField(shell.state.limits);
    const count = numberField('mines', 3, { min: 1, max: 24, step: 1 });
    clear(
      shell.board,
      h('div', { class: 'stage' }, minesGrid, detail),
      h('div', { class: 'fields' }, stake.field, count.field),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            onclick: () =>
              void shell.run(async () => {
                const play = await api.call<Play>('POST', 'mines/start', {
                  amountMinor: Number(stake.input.value),
                  mines: Number(count.input.value),
                });
                openMines = play.round;
                showMines(play.round);
                shell.setBalance(play.balanceMinor);
              }),
          },
          t('start'),
        ),
        h(
          'button',
          {
            class: 'secondary',
            onclick: () =>
              void shell.run(async () => {
                if (!openMines) return;
                const play = await api.call<Play>('POST', 'mines/cashout', { roundId: openMines.roundId });
                openMines = null;
                showMines(play.round);
                shell.setBalance(play.balanceMinor);
                await shell.refresh();
              }),
          },
          t('cashOut'),
        ),
      ),
      shell.error,
    );
    // A round left in play (a reload, a lost connection) comes back as it was.
    if (openMines) showMines(openMines);
    else
      clear(
        minesGrid,
        ...Array.from({ length: 25 }, (_, tile) => h('button', { disabled: true, 'aria-label': `tile ${tile + 1}` })),
      );
    return { showRound: showMines };
  },
};
