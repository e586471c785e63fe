import type { GameType, VendorCard, VendorLane } from '@parlay/contract';
import { describe, expect, it } from 'vitest';
import { buildNavEntries, vendorLink } from './build-nav-entries';

function card(vassalage: string, gameType: GameType): VendorCard {
  return { vassalage, displayName: vassalage, smallIcon: '', isHot: 0, status: 'active', gameType };
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

  it('drops the sports entry when DS88 was its only vendor', () => {
    const entries = buildNavEntries([lane('SPORTS', 'DS88')]);
    expect(entries.map((entry) => entry.key)).toEqual(['DS88']);
  });

  it('merges ELOTT and LOTT into the one /elott entry', () => {
    const entries = buildNavEntries([lane('ELOTT', 'TCG_SEA'), lane('LOTT', 'TCG_VN')]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ key: 'ELOTT', to: '/elott' });
    expect(entries[0]?.vendors).toHaveLength(2);
  });

  it('shows nothing when there is no vendor list', () => {
    expect(buildNavEntries([])).toEqual([]);
  });
});

describe(vendorLink.name, () => {
  it('opens slots through the page tab and other categories by vassalage', () => {
    expect(vendorLink('RNG', 'PG')).toBe('/rng?page=PG');
    expect(vendorLink('SPORTS', 'SABA')).toBe('/sports?vassalage=SABA');
  });
});
