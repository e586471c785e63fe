import { autobetPanel } from '../autobet-panel';
import { clear, h } from '../dom';
import { api, numberField, t } from '../page';
import { stakeField, type GameClient, type Play, type RoundView } from '../shell';

/**
 * Parlay Mines: 25 tiles, the player's number of mines; cash out after any safe tile. In Auto the player
 * picks tiles beforehand, and each round opens them in that order and cashes out if all were safe.
 */
export const mines: GameClient = {
  mount(shell) {
    const detail = h('div', { class: 'detail' });
    const minesGrid = h('div', { class: 'grid mines' });
    let openMines: RoundView | null = shell.state.openRound;
    let autoMode = false;
    /** The tiles Auto opens, in the order picked. */
    const picked: number[] = [];
    let shown: RoundView | null = openMines;

    // The grid as a round left it; in Auto, between runs, its tiles pick and unpick.
    const showMines = (round: RoundView | null): void => {
      shown = round;
      const revealed = round?.progress?.revealed ?? [];
      const mineTiles = (round?.outcome?.mineTiles as number[] | undefined) ?? [];
      const isOpen = round?.state === 'open';
      const picking = autoMode && !isOpen && !auto.running();
      clear(
        minesGrid,
        ...Array.from({ length: 25 }, (_, tile) => {
          const isMine = mineTiles.includes(tile);
          const isSafe = revealed.includes(tile) && !isMine;
          const isPicked = autoMode && picked.includes(tile);
          return h(
            'button',
            {
              class: [isSafe ? 'safe' : isMine ? 'mine' : '', isPicked ? 'picked' : ''].join(' ').trim(),
              disabled: picking ? false : !isOpen || revealed.includes(tile),
              'aria-label': `tile ${tile + 1}`,
              'aria-pressed': autoMode ? String(isPicked) : undefined,
              onclick: () => (picking ? pick(tile) : reveal(round!, tile)),
            },
            isMine ? '💣' : isSafe ? '💎' : '',
          );
        }),
      );
      detail.textContent = picking
        ? t('pickTiles')
        : round
          ? `${t('multiplier')}: ${(round.progress?.multiplier ?? 1).toFixed(4)}×`
          : '';
    };
    const pick = (tile: number) => {
      const at = picked.indexOf(tile);
      if (at >= 0) picked.splice(at, 1);
      else picked.push(tile);
      showMines(shown);
    };
    const reveal = (round: RoundView, tile: number) =>
      void shell.run(async () => {
        const play = await api.call<Play>('POST', 'mines/reveal', { roundId: round.roundId, tile });
        openMines = play.round.state === 'open' ? play.round : null;
        showMines(play.round);
        shell.setBalance(play.balanceMinor);
        if (!openMines) await shell.refresh();
      });

    /** One move of a round: its answer shown, and kept while the round is open (Cash out, a reload). */
    const step = async (path: string, body: Record<string, unknown>) => {
      const play = await api.call<Play>('POST', path, body);
      openMines = play.round.state === 'open' ? play.round : null;
      showMines(play.round);
      shell.setBalance(play.balanceMinor);
      return play.round;
    };
    // An autobet round: start, open the picked tiles until a mine, cash out if all were safe.
    const playPicked = async (amountMinor: number) => {
      let round = await step('mines/start', { amountMinor, mines: Number(count.input.value) });
      for (const tile of picked) {
        if (round.state !== 'open') break;
        round = await step('mines/reveal', { roundId: round.roundId, tile });
      }
      if (round.state === 'open') round = await step('mines/cashout', { roundId: round.roundId });
      await shell.refresh();
      return round;
    };

    const stake = stakeField(shell.state.limits);
    const count = numberField('mines', 3, { min: 1, max: 24, step: 1 });
    const manual = h(
      'div',
      { class: 'actions' },
      h(
        'button',
        {
          onclick: () =>
            void shell.run(async () => {
              await step('mines/start', { amountMinor: Number(stake.input.value), mines: Number(count.input.value) });
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
              await step('mines/cashout', { roundId: openMines.roundId });
              await shell.refresh();
            }),
        },
        t('cashOut'),
      ),
    );
    const auto = autobetPanel(shell, {
      stake,
      manual,
      play: playPicked,
      cannotStart: () => (picked.length === 0 ? t('pickTilesFirst') : null),
      onModeChange: (on) => {
        autoMode = on;
        showMines(shown);
      },
      onRunChange: () => showMines(shown),
    });
    clear(
      shell.board,
      h('div', { class: 'stage' }, minesGrid, detail),
      auto.modes,
      h('div', { class: 'fields' }, stake.field, count.field),
      manual,
      auto.panel,
      shell.error,
    );
    // A round left in play (a reload, a lost connection) comes back as it was.
    showMines(openMines);
    return { showRound: showMines };
  },
};
