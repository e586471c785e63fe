import { describe, expect, it } from 'vitest';
import { vendorPath } from './vendor-path';

describe(vendorPath.name, () => {
  it('opens a game-list vendor through its tab of the list', () => {
    expect(vendorPath({ gameType: 'RNG', vassalage: 'PG' })).toBe('/rng?page=PG');
    expect(vendorPath({ gameType: 'LIVE', vassalage: 'EVO' })).toBe('/live?page=EVO');
  });

  it('opens sports and lottery vendors directly, by vassalage on their category page', () => {
    expect(vendorPath({ gameType: 'SPORTS', vassalage: 'DS88' })).toBe('/sports?vassalage=DS88');
    expect(vendorPath({ gameType: 'LOTT', vassalage: 'TCG_SEA' })).toBe('/elott?vassalage=TCG_SEA');
  });
});
