import type { GameType, VendorCard, VendorLane } from '@parlay/contract';
import { describe, expect, it } from 'vitest';
import { buildNavEntries } from './build-nav-entries';

function card(vassalage: string, gameType: GameType, status: VendorCard['status'] = 'active'): VendorCard {
  return { vassalage, displayName: vassalage, smallIcon: '', isHot: 0, status, gameType };
}

function lane(title: GameType, ...codes: string[]): VendorLane {
  return { title, cards: codes.map((code) => card(code, title)) };
}

describe(buildNavEntries.name, () => {
  it('shows only the categories present in the vendor list, in navigation order', () => {
    const entries = buildNavEntries([lane('RNG', 'PG'), lane('LIVE', 'EVO'), lane('FISH')]);
    expect(entries.map((entry) => entry.key)).toEqual(['LIVE', 'RNG']);
  });

  it('takes DS88 out of sports and places it right after Live', () => {
    const entries = buildNavEntries([lane('SPORTS', 'SABA', 'DS88'), lane('LIVE', 'EVO'), lane('RNG', 'PG')]);
    expect(entries.map((entry) => entry.key)).toEqual(['LIVE', 'DS88', 'SPORTS', 'RNG']);
    expect(entries.find((entry) => entry.key === 'SPORTS')?.vendors.map((vendor) => vendor.vassalage)).toEqual([
      'SABA',
    ]);
  });

  it("names the DS88 entry by the vendor's display name, never its code", () => {
    const entries = buildNavEntries([
      { title: 'SPORTS', cards: [{ ...card('DS88', 'SPORTS'), displayName: 'DS88 Sports' }] },
    ]);
    expect(entries[0]).toMatchObject({ key: 'DS88', label: 'DS88 Sports' });
  });

  it('marks an entry coming soon when none of its vendors has a game to play now', () => {
    const entries = buildNavEntries([
      { title: 'LIVE', cards: [card('EVO', 'LIVE', 'maintenance')] },
      { title: 'RNG', cards: [card('PG', 'RNG', 'maintenance'), card('HOUSE', 'RNG')] },
      { title: 'ELOTT', cards: [card('TCG_SEA', 'ELOTT', 'maintenance')] },
      { title: 'LOTT', cards: [card('TCG_VN', 'LOTT')] },
    ]);
    expect(entries.map((entry) => [entry.key, entry.comingSoon])).toEqual([
      ['LIVE', true],
      ['RNG', false],
      ['ELOTT', false],
    ]);
  });

  it('drops the sports entry when DS88 was its only vendor', () => {
    const entries = buildNavEntries([lane('SPORTS', 'DS88')]);
    expect(entries.map((entry) => entry.key)).toEqual(['DS88']);
  });

  it('merges ELOTT and LOTT into the one /elott entry', () => {
    const entries = buildNavEntries([lane('ELOTT', 'SEA_OTHER'), lane('LOTT', 'TCG_VN')]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ key: 'ELOTT', to: '/elott' });
    expect(entries[0]?.vendors).toHaveLength(2);
  });

  it('makes the lottery entry start the TCG_SEA game when that vendor is listed', () => {
    const entries = buildNavEntries([lane('LOTT', 'TCG_VN', 'TCG_SEA')]);
    expect(entries[0]).toMatchObject({ key: 'ELOTT', to: '/elott?vassalage=TCG_SEA' });
  });

  it('opens DS88 directly, not its sports list', () => {
    const entries = buildNavEntries([lane('SPORTS', 'DS88')]);
    expect(entries[0]?.to).toBe('/sports?vassalage=DS88');
  });

  it('lists a vendor of both lottery lanes once in the /elott entry', () => {
    const entries = buildNavEntries([lane('ELOTT', 'TCG_SEA'), lane('LOTT', 'TCG_SEA', 'TCG_VN')]);
    expect(entries[0]?.vendors.map((vendor) => vendor.vassalage)).toEqual(['TCG_SEA', 'TCG_VN']);
  });

  it('shows nothing when there is no vendor list', () => {
    expect(buildNavEntries([])).toEqual([]);
  });
});
