import type { Game } from '@parlay/contract';
import { describe, expect, it } from 'vitest';
import { buildGame } from '../../../test/fixtures';
import { gameListPath, isDirectOpen, launchPath, lotteryPath, lotteryPrizeMode, resolveGame } from './navigation';

function game(overrides: Partial<Game>): Game {
  return buildGame({
    id: 7,
    vassalage: 'PG',
    gameName: 'Game',
    nodeName: 'PG',
    code: 'g',
    accountTypeName: 'PG',
    ...overrides,
  });
}

describe('gameListPath', () => {
  it("names the vendor tab in ?page= when a vendor is chosen, and the category's page alone when not", () => {
    expect(gameListPath('RNG', 'PG')).toBe('/rng?page=PG');
    expect(gameListPath('LIVE', 'EVO ASIA')).toBe('/live?page=EVO%20ASIA');
    expect(gameListPath('FISH', null)).toBe('/fish');
  });
});

describe('isDirectOpen', () => {
  it('opens SPORTS, ESPORTS, ELOTT and LOTT on their own pages, the game lists through their vendors', () => {
    expect((['SPORTS', 'ESPORTS', 'ELOTT', 'LOTT'] as const).map(isDirectOpen)).toEqual([true, true, true, true]);
    expect((['RNG', 'LIVE', 'FISH', 'PVP'] as const).map(isDirectOpen)).toEqual([false, false, false, false]);
  });
});

describe('resolveGame', () => {
  it('opens the popup list for a VASSALAGE game', () => {
    expect(resolveGame(game({ isGame: 'VASSALAGE' }))).toEqual({ kind: 'popup' });
  });

  it('sends lottery games to the lottery routes', () => {
    expect(
      resolveGame(game({ gameType: 'ELOTT', vassalage: 'TCG_SEA', accountTypeName: 'TCG_SEA', code: 'SEA_LOTTO' })),
    ).toEqual({
      kind: 'lottery',
      to: '/seaLottery?gameCode=SEA_LOTTO',
    });
    expect(lotteryPath(game({ gameType: 'LOTT', accountTypeName: 'VN', vassalage: 'TCG', code: 'HN' }))).toBe(
      '/vnlottery?gameCode=HN',
    );
    expect(lotteryPath(game({ gameType: 'LOTT', accountTypeName: 'TCG', code: 'X', defaultPlayType: 'Lott' }))).toBe(
      '/lottery?gameCode=X&playType=Lott',
    );
  });

  it('launches other games in /game with their node and vassalage, in trial play when asked', () => {
    expect(resolveGame(game({}))).toEqual({ kind: 'launch', to: '/game?gameId=7&nodeId=1&vassalage=PG' });
    expect(resolveGame(game({}), 'trial')).toEqual({
      kind: 'launch',
      to: '/game?gameId=7&nodeId=1&vassalage=PG&playMode=trial',
    });
    expect(launchPath({ roomId: 3 })).toBe('/game?roomId=3');
    expect(launchPath({ gameId: 9 })).toBe('/game?gameId=9');
  });
});

describe('lotteryPrizeMode', () => {
  const ALL = ['Lott', 'ZY', 'Elott', 'SEA'] as const;

  it("takes the page's play type when the brand offers it", () => {
    expect(lotteryPrizeMode({ accountType: 'LOTT', playType: 'ZY' }, { gameType: 'LOTT' }, ALL)).toBe('ZY');
    expect(lotteryPrizeMode({ accountType: 'LOTT', playType: 'ZY' }, { gameType: 'LOTT' }, ['Lott'])).toBe('Lott');
  });

  it('else takes the mode of the page or the game', () => {
    expect(lotteryPrizeMode({ accountType: 'SEA' }, { gameType: 'ELOTT' }, ALL)).toBe('SEA');
    expect(lotteryPrizeMode({ accountType: 'VN' }, { gameType: 'ELOTT' }, ALL)).toBe('Elott');
    expect(lotteryPrizeMode({ accountType: 'VN', playType: 'Other' }, { gameType: 'LOTT' }, ALL)).toBe('Lott');
  });

  it("names none when the brand offers neither, and the vendor's own default applies", () => {
    expect(lotteryPrizeMode({ accountType: 'SEA' }, { gameType: 'ELOTT' }, ['Lott'])).toBeUndefined();
    expect(lotteryPrizeMode({ accountType: 'LOTT' }, { gameType: 'LOTT' }, [])).toBeUndefined();
  });
});
