import { placeMines } from './games/mines';
import { crashPointHundredths } from './games/crash';
import { rollDiceHundredths } from './games/dice';
import { playLimboHundredths } from './games/limbo';
import { dropPlinko, type PlinkoRisk } from './games/plinko';
import { type HmacSha256, type RoundSeeds } from './random';
import { hashServerSeed } from './seeds';
import { PAYLINES, playSlotRound, type SlotRound } from './slot/machine';

export const VERIFIABLE_GAMES = ['dice', 'limbo', 'mines', 'slot', 'crash', 'plinko'] as const;
export type VerifiableGame = (typeof VERIFIABLE_GAMES)[number];

export type VerifyInput =
  | ({ game: 'dice' | 'limbo' | 'slot' } & RoundSeeds)
  | ({ game: 'mines'; mines: number } & RoundSeeds)
  | ({ game: 'plinko'; rows: number; risk: PlinkoRisk } & RoundSeeds)
  | { game: 'crash'; gameHash: string; salt: string };

export type VerifyOutput =
  | { game: 'dice'; serverSeedHash: string; clientSeed: string; nonce: number; roll: number }
  | { game: 'limbo'; serverSeedHash: string; clientSeed: string; nonce: number; multiplier: number }
  | { game: 'mines'; serverSeedHash: string; clientSeed: string; nonce: number; mines: number; mineTiles: number[] }
  | {
      game: 'slot';
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
      /** The round's win as a multiple of the stake. */
      winXStake: number;
      round: SlotRound;
    }
  | {
      game: 'plinko';
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
      rows: number;
      risk: PlinkoRisk;
      /** Left (0) or right (1) at each row. */
      path: number[];
      bucket: number;
      multiplier: number;
    }
  | { game: 'crash'; gameHash: string; salt: string; crashPoint: number };

/** The outcome of one round from its public inputs: what the verify command and the verifier page show. */
export function verifyRound(input: VerifyInput, mac?: HmacSha256): VerifyOutput {
  if (input.game === 'crash') {
    return {
      game: 'crash',
      gameHash: input.gameHash,
      salt: input.salt,
      crashPoint: crashPointHundredths(input.gameHash, input.salt) / 100,
    };
  }
  const seeds: RoundSeeds = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
  const common = { serverSeedHash: hashServerSeed(input.serverSeed), clientSeed: input.clientSeed, nonce: input.nonce };
  switch (input.game) {
    case 'dice':
      return { game: 'dice', ...common, roll: rollDiceHundredths(seeds) / 100 };
    case 'limbo':
      return { game: 'limbo', ...common, multiplier: playLimboHundredths(seeds) / 100 };
    case 'mines':
      return { game: 'mines', ...common, mines: input.mines, mineTiles: placeMines(seeds, input.mines) };
    case 'slot': {
      const round = playSlotRound(seeds, mac);
      return { game: 'slot', ...common, winXStake: round.totalUnits / PAYLINES, round };
    }
    case 'plinko': {
      const drop = dropPlinko(seeds, input.rows, input.risk, mac);
      return {
        game: 'plinko',
        ...common,
        rows: input.rows,
        risk: input.risk,
        path: drop.path,
        bucket: drop.bucket,
        multiplier: drop.multiplierX10 / 10,
      };
    }
  }
}
