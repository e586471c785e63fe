// `npm run verify -- <game> --server-seed S --client-seed C --nonce N [--mines K] [--rows 8-16 --risk low|medium|high]`
// (mines for mines, rows and risk for plinko), or
// `npm run verify -- crash --game-hash H --salt S`: prints the round's outcome as JSON.
// `npm run verify -- raffle --seed S --raffle-id N --prizes K --tickets 5,1,12,3` (each entrant's tickets in the
// list's order), or `npm run verify -- raffle --proof draw.json` (the answer of GET /wps/promotions/raffles/:id/draw):
// prints the seed's hash and the winners recomputed; with --proof also whether they match the proof's
// (docs/decisions/0055-raffles.md).
// `npm run verify -- lottery --seed S --game FAST5 --draw 20261129-0001` (FAST1, FAST3, FAST5 or KENO), or
// `npm run verify -- lottery --proof draw.json` ({ seed, seedHash, gameCode, drawNo, numbers }): prints the seed's hash
// and the draw's numbers recomputed; with --proof also whether they match (docs/product/lottery.md#draws-and-fairness).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PLINKO_RISKS, isPlinkoRisk } from '../games/plinko';
import { verifyRaffle, type RaffleDrawInput, type RaffleVerification } from '../games/raffle';
import {
  LOTTERY_VERIFIABLE_GAMES,
  lotteryProofMatches,
  verifyLotteryDraw,
  type LotteryDrawProof,
  type LotteryVerification,
} from '../lottery/verify';
import { VERIFIABLE_GAMES, verifyRound, type VerifiableGame, type VerifyInput } from '../verify';

function fail(message: string): never {
  process.stderr.write(`verify: ${message}\n`);
  process.stderr.write(
    `usage: npm run verify -- <${VERIFIABLE_GAMES.join('|')}> --server-seed S --client-seed C --nonce N [--mines K]\n` +
      '       npm run verify -- plinko --server-seed S --client-seed C --nonce N --rows 8-16 --risk low|medium|high\n' +
      '       npm run verify -- crash --game-hash H --salt S\n' +
      '       npm run verify -- raffle --seed S --raffle-id N --prizes K --tickets C1,C2,...\n' +
      '       npm run verify -- raffle --proof draw.json\n' +
      `       npm run verify -- lottery --seed S --game <${LOTTERY_VERIFIABLE_GAMES.join('|')}> --draw N\n` +
      '       npm run verify -- lottery --proof draw.json\n',
  );
  process.exit(2);
}

function toInteger(name: string, value: string | undefined): number {
  if (value === undefined) fail(`--${name} is required`);
  if (!/^\d+$/.test(value)) fail(`--${name} must be a whole number`);
  return Number(value);
}

function required(name: string, value: string | undefined): string {
  if (value === undefined || value === '') fail(`--${name} is required`);
  return value;
}

export function parseVerifyArgs(argv: string[]): VerifyInput {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'server-seed': { type: 'string' },
      'client-seed': { type: 'string' },
      nonce: { type: 'string' },
      mines: { type: 'string' },
      rows: { type: 'string' },
      risk: { type: 'string' },
      'game-hash': { type: 'string' },
      salt: { type: 'string' },
    },
  });
  const game = positionals[0] as VerifiableGame | undefined;
  if (game === undefined || !VERIFIABLE_GAMES.includes(game)) fail(`unknown game ${game ?? '(none)'}`);
  if (game === 'crash') {
    return { game, gameHash: required('game-hash', values['game-hash']), salt: required('salt', values.salt) };
  }
  const seeds = {
    serverSeed: required('server-seed', values['server-seed']),
    clientSeed: required('client-seed', values['client-seed']),
    nonce: toInteger('nonce', values.nonce),
  };
  if (game === 'mines') return { game, mines: toInteger('mines', values.mines), ...seeds };
  if (game === 'plinko') {
    const risk = required('risk', values.risk);
    if (!isPlinkoRisk(risk)) fail(`--risk must be one of ${PLINKO_RISKS.join(', ')}`);
    return { game, rows: toInteger('rows', values.rows), risk, ...seeds };
  }
  return { game, ...seeds };
}

/** The public draw as GET /wps/promotions/raffles/:raffleId/draw answers it (the envelope, or its value). */
interface RaffleProof {
  raffleId: number;
  seedHash: string;
  seed: string;
  prizes: unknown[];
  entries: { count: number }[];
  winners: { rank: number; ticket: number; entry: number }[];
}

function readProof(path: string): RaffleProof {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { value?: RaffleProof } & Partial<RaffleProof>;
  const proof = (json.value ?? json) as Partial<RaffleProof>;
  if (typeof proof.seed !== 'string' || !Array.isArray(proof.entries) || !Array.isArray(proof.prizes)) {
    fail(`${path} is not a raffle draw (seed, prizes, entries, winners)`);
  }
  return proof as RaffleProof;
}

/** `raffle ...`: the winners recomputed, and with --proof whether the proof's seed hash and winners are these. */
export function runRaffleVerify(argv: string[]): RaffleVerification & { matches?: boolean } {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      'raffle-id': { type: 'string' },
      prizes: { type: 'string' },
      tickets: { type: 'string' },
      proof: { type: 'string' },
    },
  });
  if (values.proof !== undefined) {
    const proof = readProof(values.proof);
    const result = verifyRaffle({
      seed: proof.seed,
      raffleId: proof.raffleId,
      prizes: proof.prizes.length,
      counts: proof.entries.map((entry) => entry.count),
    });
    const published = proof.winners.map(({ rank, ticket, entry }) => ({ rank, ticket, entry }));
    const recomputed = result.winners.map(({ rank, ticket, entry }) => ({ rank, ticket, entry }));
    const matches =
      result.seedHash === proof.seedHash.toLowerCase() && JSON.stringify(published) === JSON.stringify(recomputed);
    return { ...result, matches };
  }
  const tickets = required('tickets', values.tickets);
  if (!/^\d+(,\d+)*$/.test(tickets)) fail('--tickets must be whole numbers separated by commas');
  const input: RaffleDrawInput = {
    seed: required('seed', values.seed),
    raffleId: toInteger('raffle-id', values['raffle-id']),
    prizes: toInteger('prizes', values.prizes),
    counts: tickets.split(',').map(Number),
  };
  return verifyRaffle(input);
}

function readLotteryProof(path: string): LotteryDrawProof {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { value?: LotteryDrawProof } & Partial<LotteryDrawProof>;
  const proof = (json.value ?? json) as Partial<LotteryDrawProof>;
  const texts = [proof.seed, proof.seedHash, proof.gameCode, proof.drawNo];
  if (!texts.every((text) => typeof text === 'string') || !Array.isArray(proof.numbers)) {
    fail(`${path} is not a lottery draw (seed, seedHash, gameCode, drawNo, numbers)`);
  }
  return proof as LotteryDrawProof;
}

/** `lottery ...`: a fast or e-lottery draw recomputed, and with --proof whether the published one is it. */
export function runLotteryVerify(argv: string[]): LotteryVerification & { matches?: boolean } {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      game: { type: 'string' },
      draw: { type: 'string' },
      proof: { type: 'string' },
    },
  });
  if (values.proof !== undefined) {
    const proof = readLotteryProof(values.proof);
    const result = verifyLotteryDraw({ seed: proof.seed, gameCode: proof.gameCode, drawNo: proof.drawNo });
    return { ...result, matches: lotteryProofMatches(proof, result) };
  }
  return verifyLotteryDraw({
    seed: required('seed', values.seed),
    gameCode: required('game', values.game),
    drawNo: required('draw', values.draw),
  });
}

function run(argv: string[]) {
  if (argv[0] === 'raffle') return runRaffleVerify(argv.slice(1));
  if (argv[0] === 'lottery') return runLotteryVerify(argv.slice(1));
  return verifyRound(parseVerifyArgs(argv));
}

try {
  const result = run(process.argv.slice(2));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  if ('matches' in result && result.matches === false) process.exit(1);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
