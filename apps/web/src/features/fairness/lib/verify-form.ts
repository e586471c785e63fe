import {
  MINES_MAX,
  MINES_MIN,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  VERIFIABLE_GAMES,
  type PlinkoRisk,
  type VerifiableGame,
  type VerifyInput,
} from '@parlay/fairness';

/** The verifier's fields, as typed: the address's query fills them (a round's record links here with them). */
export interface VerifyFields {
  game: VerifiableGame;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  mines: string;
  rows: string;
  risk: string;
  gameHash: string;
  salt: string;
}

export type VerifyField = Exclude<keyof VerifyFields, 'game' | 'serverSeedHash'>;

/** The fields each game reads; the page shows these only. */
export const FIELDS_OF: Record<VerifiableGame, readonly VerifyField[]> = {
  dice: ['serverSeed', 'clientSeed', 'nonce'],
  limbo: ['serverSeed', 'clientSeed', 'nonce'],
  slot: ['serverSeed', 'clientSeed', 'nonce'],
  mines: ['serverSeed', 'clientSeed', 'nonce', 'mines'],
  plinko: ['serverSeed', 'clientSeed', 'nonce', 'rows', 'risk'],
  crash: ['gameHash', 'salt'],
};

const HEX_64 = /^[0-9a-f]{64}$/;

/** The fields a query names; a game it does not know is dice, the first. */
export function fieldsFromQuery(query: URLSearchParams): VerifyFields {
  const game = query.get('game') === 'lucky-parlay' ? 'slot' : query.get('game');
  const read = (name: string, fallback = '') => query.get(name)?.trim() ?? fallback;
  return {
    game: (VERIFIABLE_GAMES as readonly string[]).includes(game ?? '') ? (game as VerifiableGame) : 'dice',
    serverSeed: read('serverSeed'),
    serverSeedHash: read('serverSeedHash').toLowerCase(),
    clientSeed: read('clientSeed'),
    nonce: read('nonce', '0'),
    mines: read('mines', '3'),
    rows: read('rows', '16'),
    risk: read('risk', 'medium'),
    gameHash: read('gameHash').toLowerCase(),
    salt: read('salt'),
  };
}

function isWhole(text: string, min: number, max: number): boolean {
  return /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;
}

/** Why a field cannot be read, or null: each a key of the page's texts (fairness:errors.<key>). */
export function fieldError(fields: VerifyFields, field: VerifyField): string | null {
  const value = fields[field];
  switch (field) {
    case 'serverSeed':
      return value === '' ? 'serverSeed' : null;
    case 'clientSeed':
      return value === '' ? 'clientSeed' : null;
    case 'nonce':
      return isWhole(value, 0, Number.MAX_SAFE_INTEGER) ? null : 'nonce';
    case 'mines':
      return isWhole(value, MINES_MIN, MINES_MAX) ? null : 'mines';
    case 'rows':
      return isWhole(value, PLINKO_MIN_ROWS, PLINKO_MAX_ROWS) ? null : 'rows';
    case 'risk':
      return (PLINKO_RISKS as readonly string[]).includes(value) ? null : 'risk';
    case 'gameHash':
      return HEX_64.test(value) ? null : 'gameHash';
    case 'salt':
      return value === '' ? 'salt' : null;
  }
}

/** The round to recompute, or the fields in error (none of the game's fields may be). */
export function toVerifyInput(
  fields: VerifyFields,
): { input: VerifyInput; errors?: never } | { input?: never; errors: Partial<Record<VerifyField, string>> } {
  const errors: Partial<Record<VerifyField, string>> = {};
  for (const field of FIELDS_OF[fields.game]) {
    const error = fieldError(fields, field);
    if (error) errors[field] = error;
  }
  if (Object.keys(errors).length > 0) return { errors };
  if (fields.game === 'crash') return { input: { game: 'crash', gameHash: fields.gameHash, salt: fields.salt } };
  const seeds = { serverSeed: fields.serverSeed, clientSeed: fields.clientSeed, nonce: Number(fields.nonce) };
  switch (fields.game) {
    case 'mines':
      return { input: { game: 'mines', mines: Number(fields.mines), ...seeds } };
    case 'plinko':
      return { input: { game: 'plinko', rows: Number(fields.rows), risk: fields.risk as PlinkoRisk, ...seeds } };
    default:
      return { input: { game: fields.game, ...seeds } };
  }
}
