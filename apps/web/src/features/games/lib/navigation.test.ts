import type { Game, VendorCard, VendorLane } from '@parlay/contract';
import { describe, expect, it } from 'vitest';
import { buildGame } from '../../../test/fixtures';
import { launchPath, lotteryPath, lotteryPrizeMode, resolveCategory, resolveGame } from './navigation';

function card(vassalage: string, gameType: VendorCard['gameType']): VendorCard {
  return { vassalage, displayName: vassalage, smallIcon: '', isHot: 0, status: 'active', gameType };
}

const lanes: VendorLane[] = [
  { title: 'RNG', cards: [card('PG', 'RNG'), card('HOUSE', 'RNG')] },
  { title: 'LIVE', cards: [card('EVO', 'LIVE')] },
  { title: 'SPORTS', cards: [card('DS88', 'SPORTS')] },
  { title: 'ELOTT', cards: [card('TCG_SEA', 'ELOTT')] },
  { title: 'LOTT', cards: [card('OTHER', 'LOTT')] },
];

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

describe('resolveCategory', () => {
  it('sets the vassalage from the first vendor of a game-list category', () => {
    expect(resolveCategory('RNG', lanes)).toEqual({
      kind: 'list',
      gameType: 'RNG',
      vassalage: 'PG',
      to: '/rng?page=PG',
    });
    expect(resolveCategory('LIVE', lanes)).toMatchObject({ vassalage: 'EVO', to: '/live?page=EVO' });
  });

  it('opens the category page without a vendor when the category has none', () => {
    expect(resolveCategory('FISH', lanes)).toEqual({ kind: 'list', gameType: 'FISH', vassalage: null, to: '/fish' });
  });

  it('opens SPORTS and ESPORTS directly', () => {
    expect(resolveCategory('SPORTS', lanes)).toEqual({ kind: 'page', to: '/sports' });
    expect(resolveCategory('ESPORTS', lanes)).toEqual({ kind: 'page', to: '/esports' });
  });

  it('starts the TCG_SEA game directly for ELOTT, and opens the page for LOTT without it', () => {
    expect(resolveCategory('ELOTT', lanes)).toEqual({ kind: 'start', gameType: 'ELOTT', vassalage: 'TCG_SEA' });
    expect(resolveCategory('LOTT', lanes)).toEqual({ kind: 'page', to: '/elott' });
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
