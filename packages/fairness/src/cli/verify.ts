// `npm run verify -- <game> --server-seed S --client-seed C --nonce N [--mines K]`, or
// `npm run verify -- crash --game-hash H --salt S`: prints the round's outcome as JSON.
import { parseArgs } from 'node:util';
import { VERIFIABLE_GAMES, verifyRound, type VerifiableGame, type VerifyInput } from '../verify';

function fail(message: string): never {
  process.stderr.write(`verify: ${message}\n`);
  process.stderr.write(
    `usage: npm run verify -- <${VERIFIABLE_GAMES.join('|')}> --server-seed S --client-seed C --nonce N [--mines K]\n` +
      '       npm run verify -- crash --game-hash H --salt S\n',
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
  return { game, ...seeds };
}

try {
  process.stdout.write(`${JSON.stringify(verifyRound(parseVerifyArgs(process.argv.slice(2))), null, 2)}\n`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
