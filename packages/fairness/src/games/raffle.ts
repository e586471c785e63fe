import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { HmacSha256 } from '../random';
import { hashServerSeed } from '../seeds';

// A raffle's draw (docs/decisions/0055-raffles.md): pure, so the server draws with it, the site's "verify the draw"
// dialog recomputes it in the browser and `npm run verify -- raffle` on a terminal, from the same public inputs: the
// revealed seed, the raffle's id, its number of prizes and the frozen ticket list (each entrant's count of tickets,
// in the list's order; entrant i holds the consecutive tickets after those of entrants 0 .. i-1, the first is 1).
//
// For rank = 1, 2, ... and attempt = 0, 1, ...: h = HMAC-SHA256(key = the seed's UTF-8 text,
// message = `${raffleId}:${rank}:${attempt}`); v = h's first 6 bytes as a big-endian integer (0 .. 2^48 - 1). A v at or
// above the largest multiple of the ticket total below 2^48 is rejected (the next attempt), so that v mod total is
// uniform; the winning ticket is v mod total + 1. A ticket of an entrant who already won a prize is rejected too: one
// prize per member. The ranks stop when every entrant has won (fewer winners than prizes) or all prizes are drawn.

export const RAFFLE_ALGORITHM = 'hmac-sha256-raffle-v1';

/** The most tickets one draw can hold: far below 2^48, so that rejection stays rare and v mod total exact. */
export const RAFFLE_MAX_TOTAL_TICKETS = 2 ** 40;

const TWO_POW_48 = 2 ** 48;

export interface RaffleDrawInput {
  /** The revealed server seed, used as its UTF-8 text (not decoded) as the HMAC key. */
  seed: string;
  raffleId: number;
  /** How many prizes (ranks) the raffle has. */
  prizes: number;
  /** Each entrant's tickets, in the ticket list's order; every count at least 1. */
  counts: readonly number[];
}

export interface RaffleWinnerPick {
  rank: number;
  /** The winning ticket number, 1 .. total. */
  ticket: number;
  /** The position in the ticket list of the entrant holding it. */
  entry: number;
  /** The attempt that drew it (0 unless earlier ones were rejected). */
  attempt: number;
}

const nobleHmacSha256: HmacSha256 = (key, message) => hmac(sha256, key, message);

/** The first ticket of each entrant: 1, then 1 + the counts before it. */
export function raffleFirstTickets(counts: readonly number[]): number[] {
  const firsts: number[] = [];
  let next = 1;
  for (const count of counts) {
    firsts.push(next);
    next += count;
  }
  return firsts;
}

/** The position of the entrant holding `ticket`, given the entrants' first tickets (ascending). */
function entryOf(firsts: readonly number[], ticket: number): number {
  let low = 0;
  let high = firsts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (firsts[middle]! <= ticket) low = middle;
    else high = middle - 1;
  }
  return low;
}

function checkInput(input: RaffleDrawInput): number {
  if (input.seed.length === 0) throw new RangeError('seed is empty');
  if (!Number.isSafeInteger(input.raffleId) || input.raffleId <= 0) throw new RangeError('raffle id must be positive');
  if (!Number.isSafeInteger(input.prizes) || input.prizes < 0) throw new RangeError('prizes must be 0 or more');
  let total = 0;
  for (const count of input.counts) {
    if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('every ticket count must be 1 or more');
    total += count;
  }
  if (total > RAFFLE_MAX_TOTAL_TICKETS) throw new RangeError(`at most ${RAFFLE_MAX_TOTAL_TICKETS} tickets`);
  return total;
}

/** A 48-bit draw of one attempt: the HMAC's first 6 bytes, big-endian. */
function draw48(mac: HmacSha256, key: Uint8Array, message: string): number {
  const bytes = mac(key, utf8ToBytes(message));
  let value = 0;
  for (let index = 0; index < 6; index += 1) value = value * 256 + bytes[index]!;
  return value;
}

/** The winners of a raffle by rank, from its public inputs (see the top of this file). */
export function drawRaffleWinners(input: RaffleDrawInput, mac: HmacSha256 = nobleHmacSha256): RaffleWinnerPick[] {
  const total = checkInput(input);
  if (total === 0) return [];
  const firsts = raffleFirstTickets(input.counts);
  const key = utf8ToBytes(input.seed);
  const limit = TWO_POW_48 - (TWO_POW_48 % total);
  const won = new Set<number>();
  const winners: RaffleWinnerPick[] = [];
  for (let rank = 1; rank <= input.prizes && won.size < input.counts.length; rank += 1) {
    for (let attempt = 0; ; attempt += 1) {
      const value = draw48(mac, key, `${input.raffleId}:${rank}:${attempt}`);
      if (value >= limit) continue;
      const ticket = (value % total) + 1;
      const entry = entryOf(firsts, ticket);
      if (won.has(entry)) continue;
      won.add(entry);
      winners.push({ rank, ticket, entry, attempt });
      break;
    }
  }
  return winners;
}

export interface RaffleVerification {
  algorithm: typeof RAFFLE_ALGORITHM;
  raffleId: number;
  seedHash: string;
  totalTickets: number;
  winners: RaffleWinnerPick[];
}

/** What the verify command prints: the seed's hash (compare with the one published) and the winners recomputed. */
export function verifyRaffle(input: RaffleDrawInput, mac?: HmacSha256): RaffleVerification {
  return {
    algorithm: RAFFLE_ALGORITHM,
    raffleId: input.raffleId,
    seedHash: hashServerSeed(input.seed),
    totalTickets: input.counts.reduce((sum, count) => sum + count, 0),
    winners: drawRaffleWinners(input, mac),
  };
}
