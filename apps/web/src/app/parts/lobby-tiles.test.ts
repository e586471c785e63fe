import type { VendorLane } from '@parlay/contract';
import { describe, expect, it } from 'vitest';
import { presentLobbyTiles } from './lobby-tiles';

const lane = (title: VendorLane['title'], vassalage: string): VendorLane => ({
  title,
  cards: [{ vassalage, displayName: vassalage, smallIcon: '', isHot: 0, status: 'active', gameType: title }],
});

describe(presentLobbyTiles.name, () => {
  it('offers only the categories a vendor of the brand fills, crash with the slots', () => {
    const tiles = presentLobbyTiles([lane('RNG', 'HOUSE'), lane('SPORTS', 'DS88'), lane('ELOTT', 'TCG_SEA')]);
    expect(tiles.map((tile) => tile.key)).toEqual(['SPORTS', 'RNG', 'ELOTT', 'CRASH']);
  });

  it('offers every category a full catalogue fills, and none before the lanes are known', () => {
    const all = presentLobbyTiles(
      (['LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'LOTT'] as const).map((type) => lane(type, `V_${type}`)),
    );
    expect(all.map((tile) => tile.key)).toEqual(['LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ELOTT', 'CRASH']);
    expect(presentLobbyTiles(undefined)).toEqual([]);
    expect(presentLobbyTiles([])).toEqual([]);
  });

  it('marks a tile coming soon only when no vendor filling it has a game to play', () => {
    const down = (title: VendorLane['title'], vassalage: string): VendorLane => ({
      title,
      cards: [{ ...lane(title, vassalage).cards[0]!, status: 'maintenance' }],
    });
    const tiles = presentLobbyTiles([lane('RNG', 'HOUSE'), down('SPORTS', 'DS88'), down('LIVE', 'EVO')]);
    expect(tiles.map((tile) => [tile.key, tile.comingSoon])).toEqual([
      ['LIVE', true],
      ['SPORTS', true],
      ['RNG', false],
      ['CRASH', false],
    ]);
  });
});
