import { FloatStream, type RoundSeeds } from '../random';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

/**
 * The mined tiles, ascending. Drawn without replacement: the i-th mine (from 0) takes the tile at index
 * floor(float_i × (25 − i)) of the tiles still free, the free tiles kept in ascending order.
 */
export function placeMines(seeds: RoundSeeds, mineCount: number): number[] {
  if (!Number.isInteger(mineCount) || mineCount < MINES_MIN || mineCount > MINES_MAX) {
    throw new RangeError(`mines must be an integer from ${MINES_MIN} to ${MINES_MAX}`);
  }
  const stream = new FloatStream(seeds);
  const free = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  const mines: number[] = [];
  for (let i = 0; i < mineCount; i += 1) {
    const [tile] = free.splice(Math.floor(stream.next() * (MINES_TILES - i)), 1);
    mines.push(tile!);
  }
  return mines.sort((a, b) => a - b);
}
