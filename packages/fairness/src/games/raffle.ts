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
//
// The bound (decision 0055, Later): when one entrant holds nearly all the tickets, the later ranks would reject for
// ever (a rank among 2^40 tickets with one left to win needs about 2^40 attempts). A rank still undrawn after
// RAFFLE_ATTEMPTS_BEFORE_NARROWING attempts narrows the draw to the tickets of the entrants who have not won: from that
// attempt on, v is rejected at or above the largest multiple of their ticket total below 2^48, else the
// (v mod that total)-th of their tickets in the list's order (from 0) wins. The winner is as uniform over the tickets
// left as before, and every draw that ended before the bound (all of the published vectors) is unchanged. A narrowed
// rank rejects with a chance below 2^-8 an attempt; after RAFFLE_NARROWED_ATTEMPTS more the draw throws, a RangeError
// naming the rank, rather than spin (a chance below 2^-512).

export const RAFFLE_ALGORITHM = 'hmac-sha256-raffle-v1';

/** The most tickets one draw can hold: far below 2^48, so that rejection stays rare and v mod total exact. */
export const RAFFLE_MAX_TOTAL_TICKETS = 2 ** 40;

/** A rank's attempts over every ticket before its draw narrows to the tickets of entrants who have not won. */
export const RAFFLE_ATTEMPTS_BEFORE_NARROWING = 65_536;

/** A narrowed rank's attempts before the draw gives up with a RangeError. */
export const RAFFLE_NARROWED_ATTEMPTS = 64;

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
    const message = (attempt: number) => `${input.raffleId}:${rank}:${attempt}`;
    let pick: RaffleWinnerPick | undefined;
    for (let attempt = 0; attempt < RAFFLE_ATTEMPTS_BEFORE_NARROWING && !pick; attempt += 1) {
      const value = draw48(mac, key, message(attempt));
      if (value >= limit) continue;
      const ticket = (value % total) + 1;
      const entry = entryOf(firsts, ticket);
      if (!won.has(entry)) pick = { rank, ticket, entry, attempt };
    }
    pick ??= drawNarrowed(input.counts, firsts, won, (attempt) => draw48(mac, key, message(attempt)), rank);
    won.add(pick.entry);
    winners.push(pick);
  }
  return winners;
}

/**
 * A rank past RAFFLE_ATTEMPTS_BEFORE_NARROWING: drawn among the tickets of the entrants who have not won (see the top
 * of this file), or a RangeError after RAFFLE_NARROWED_ATTEMPTS rejected attempts.
 */
function drawNarrowed(
  counts: readonly number[],
  firsts: readonly number[],
  won: ReadonlySet<number>,
  drawAt: (attempt: number) => number,
  rank: number,
): RaffleWinnerPick {
  const left = counts.map((_, entry) => entry).filter((entry) => !won.has(entry));
  const leftCounts = left.map((entry) => counts[entry]!);
  const leftFirsts = raffleFirstTickets(leftCounts);
  const leftTotal = leftCounts.reduce((sum, count) => sum + count, 0);
  const limit = TWO_POW_48 - (TWO_POW_48 % leftTotal);
  const end = RAFFLE_ATTEMPTS_BEFORE_NARROWING + RAFFLE_NARROWED_ATTEMPTS;
  for (let attempt = RAFFLE_ATTEMPTS_BEFORE_NARROWING; attempt < end; attempt += 1) {
    const value = drawAt(attempt);
    if (value >= limit) continue;
    // The (value mod leftTotal)-th ticket left, from 0: its entrant and its number in the whole list.
    const leftTicket = (value % leftTotal) + 1;
    const position = entryOf(leftFirsts, leftTicket);
    const entry = left[position]!;
    return { rank, ticket: firsts[entry]! + (leftTicket - leftFirsts[position]!), entry, attempt };
  }
  throw new RangeError(`raffle rank ${rank}: no ticket drawn in ${end} attempts`);
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
