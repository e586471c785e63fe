import type { RaffleDraw } from '@parlay/contract';

/** One winner as recomputed in the browser. */
export interface RecomputedWinner {
  rank: number;
  ticket: number;
  entry: number;
}

/** What the browser found on recomputing a draw from its public proof. */
export interface DrawCheck {
  /** SHA-256 (hex) of the revealed seed's text, computed here. */
  seedSha256: string;
  /** The revealed seed is the one committed to before the sale. */
  hashMatches: boolean;
  /** The ticket list holds consecutive tickets from 1 adding up to the total. */
  listConsistent: boolean;
  /** The winners as recomputed here, by rank. */
  winners: RecomputedWinner[];
  /** The recomputed winners are the published ones, rank for rank. */
  winnersMatch: boolean;
  /** All three hold. */
  verified: boolean;
}

/** Each entrant's tickets follow the previous one's, starting at 1, and add up to the published total. */
function isListConsistent(draw: RaffleDraw): boolean {
  let next = 1;
  for (const [index, entry] of draw.entries.entries()) {
    if (entry.entry !== index || entry.firstTicket !== next) return false;
    next += entry.count;
  }
  return next - 1 === draw.totalTickets;
}

/**
 * Recomputes a drawn raffle from its proof, as anyone may (docs/decisions/0055-raffles.md): the seed's SHA-256 against
 * the hash published before the sale, and the winners from the seed, the raffle's id and the ticket list with
 * @parlay/fairness's own draw. The package is loaded here, on opening the check, not with the promotions page.
 */
export async function checkDraw(draw: RaffleDraw): Promise<DrawCheck> {
  const { drawRaffleWinners, hashServerSeed } = await import('@parlay/fairness');
  const seedSha256 = hashServerSeed(draw.seed);
  const hashMatches = seedSha256 === draw.seedHash.toLowerCase();
  const listConsistent = isListConsistent(draw);
  const winners = drawRaffleWinners({
    seed: draw.seed,
    raffleId: draw.raffleId,
    counts: draw.entries.map((entry) => entry.count),
    prizes: draw.prizes.length,
  }).map(({ rank, ticket, entry }) => ({ rank, ticket, entry }));
  const winnersMatch =
    winners.length === draw.winners.length &&
    winners.every((winner, index) => {
      const published = draw.winners[index];
      return (
        published !== undefined &&
        published.rank === winner.rank &&
        published.ticket === winner.ticket &&
        published.entry === winner.entry
      );
    });
  return {
    seedSha256,
    hashMatches,
    listConsistent,
    winners,
    winnersMatch,
    verified: hashMatches && listConsistent && winnersMatch,
  };
}
