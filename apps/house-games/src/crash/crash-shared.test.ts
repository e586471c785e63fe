import { describe, expect, it } from 'vitest';
import { maskPlayer } from './crash-shared';

describe(maskPlayer.name, () => {
  it('shows a player by the same masked pseudonym in every game, and never any part of their id', () => {
    const secret = 'vendor-secret';
    expect(maskPlayer('1', secret)).toBe(maskPlayer('1', secret));
    expect(maskPlayer('1', secret)).toMatch(/^[\w-]{2}\*\*\*[\w-]$/);
    const masks = new Set<string>();
    for (let id = 1; id <= 200; id += 1) masks.add(maskPlayer(String(id), secret));
    // Small ids do not all look alike (a mask of the id's own digits made 1** of 1, 12 and 123).
    expect(masks.size).toBeGreaterThan(190);
    // Another vendor secret, other pseudonyms: without the secret no id is guessed back.
    expect(maskPlayer('1', 'another-secret')).not.toBe(maskPlayer('1', secret));
  });
});
