import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./verify.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
const SEED_1 = '3f5c8e2a9b7d4c1e6f0a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';

function verify(...args: string[]): { status: number | null; json: Record<string, unknown> | null; stderr: string } {
  const result = spawnSync(tsx, [script, ...args], { encoding: 'utf8' });
  return {
    status: result.status,
    json: result.status === 0 ? (JSON.parse(result.stdout) as Record<string, unknown>) : null,
    stderr: result.stderr,
  };
}

describe('npm run verify', () => {
  const seeds = ['--server-seed', SEED_1, '--client-seed', 'lucky-player', '--nonce', '1'];

  it('prints the fixed vectors of dice, limbo and mines as JSON', () => {
    expect(verify('dice', ...seeds).json).toMatchObject({ game: 'dice', nonce: 1, roll: 66.3 });
    expect(verify('limbo', ...seeds).json).toMatchObject({ game: 'limbo', multiplier: 1.49 });
    expect(verify('mines', ...seeds, '--mines', '3').json).toMatchObject({ game: 'mines', mineTiles: [1, 11, 16] });
  });

  it('prints the slot reel stops and the crash point of the fixed vectors', () => {
    const slot = verify('slot', ...seeds).json as { round: { spins: { stops: number[] }[] } };
    expect(slot.round.spins[0]!.stops).toEqual([21, 15, 1, 5, 20]);
    expect(
      verify(
        'crash',
        '--game-hash',
        '2d94f2288ea9a1e9740c4c2bb434b152f4ae8cc889a92f2dd0297d8b7c4d4604',
        '--salt',
        '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c',
      ).json,
    ).toMatchObject({ crashPoint: 10.82 });
  });

  it('prints a plinko drop of the fixed vectors: its path, bucket and multiplier', () => {
    expect(
      verify(
        'plinko',
        '--server-seed',
        SEED_1,
        '--client-seed',
        'lucky-player',
        '--nonce',
        '124',
        '--rows',
        '10',
        '--risk',
        'high',
      ).json,
    ).toMatchObject({
      game: 'plinko',
      rows: 10,
      risk: 'high',
      path: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      bucket: 10,
      multiplier: 76,
    });
    expect(verify('plinko', ...seeds, '--rows', '10', '--risk', 'wild').stderr).toContain('--risk must be one of');
  });

  it('refuses a missing seed or an unknown game with a usage message', () => {
    const missing = verify('dice', '--client-seed', 'c', '--nonce', '1');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--server-seed is required');
    expect(verify('roulette', ...seeds).stderr).toContain('unknown game roulette');
  });

  it('recomputes a raffle draw from its seed and ticket counts (the Python vectors)', () => {
    const result = verify('raffle', '--seed', SEED_1, '--raffle-id', '7', '--prizes', '3', '--tickets', '5,1,12,3');
    expect(result.json).toMatchObject({
      algorithm: 'hmac-sha256-raffle-v1',
      seedHash: '60002eebd180a38b97f0e173ee7408d311a968fcc5e66d6312f921b8b379634c',
      totalTickets: 21,
      winners: [
        { rank: 1, ticket: 3, entry: 0 },
        { rank: 2, ticket: 8, entry: 2 },
        { rank: 3, ticket: 6, entry: 1 },
      ],
    });
    expect(verify('raffle', '--seed', SEED_1, '--raffle-id', '7', '--prizes', '3').stderr).toContain(
      '--tickets is required',
    );
  });

  it("checks a draw call's proof: matches, or exits 1 when a winner was changed", () => {
    const directory = mkdtempSync(join(tmpdir(), 'raffle-proof-'));
    const proof = {
      raffleId: 7,
      seed: SEED_1,
      seedHash: '60002eebd180a38b97f0e173ee7408d311a968fcc5e66d6312f921b8b379634c',
      prizes: [{ rank: 1 }, { rank: 2 }, { rank: 3 }],
      entries: [5, 1, 12, 3].map((count, entry) => ({ entry, count })),
      winners: [
        { rank: 1, ticket: 3, entry: 0 },
        { rank: 2, ticket: 8, entry: 2 },
        { rank: 3, ticket: 6, entry: 1 },
      ],
    };
    const good = join(directory, 'good.json');
    writeFileSync(good, JSON.stringify({ success: true, code: 'OK', message: '', value: proof }));
    expect(verify('raffle', '--proof', good).json).toMatchObject({ matches: true });
    const forged = join(directory, 'forged.json');
    writeFileSync(forged, JSON.stringify({ ...proof, winners: [{ rank: 1, ticket: 7, entry: 2 }] }));
    const result = spawnSync(tsx, [script, 'raffle', '--proof', forged], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ matches: false });
  });

  it('recomputes a fast and a keno draw from the seed, game and draw number (the Python vectors)', () => {
    expect(verify('lottery', '--seed', SEED_1, '--game', 'FAST5', '--draw', '20261129-0001').json).toEqual({
      algorithm: 'hmac-sha256-lottery-v1',
      gameCode: 'FAST5',
      drawNo: '20261129-0001',
      seedHash: '60002eebd180a38b97f0e173ee7408d311a968fcc5e66d6312f921b8b379634c',
      numbers: [2, 1, 3, 4, 7],
    });
    expect(verify('lottery', '--seed', SEED_1, '--game', 'KENO', '--draw', '20261129-0001').json).toMatchObject({
      numbers: [73, 9, 20, 74, 41, 62, 17, 34, 21, 40, 27, 47, 3, 52, 7, 63, 77, 69, 11, 4],
    });
    const vn = verify('lottery', '--seed', SEED_1, '--game', 'VN_NORTH', '--draw', '20261129');
    expect(vn.status).toBe(2);
    expect(vn.stderr).toContain('not a drawn lottery game: VN_NORTH');
    expect(verify('lottery', '--seed', SEED_1, '--game', 'FAST5').stderr).toContain('--draw is required');
  });

  it("checks a lottery draw's proof: matches, or exits 1 when a number was changed", () => {
    const directory = mkdtempSync(join(tmpdir(), 'lottery-proof-'));
    const proof = {
      seed: SEED_1,
      seedHash: '60002eebd180a38b97f0e173ee7408d311a968fcc5e66d6312f921b8b379634c',
      gameCode: 'FAST5',
      drawNo: '20261129-0001',
      numbers: [2, 1, 3, 4, 7],
    };
    const good = join(directory, 'good.json');
    writeFileSync(good, JSON.stringify({ success: true, code: 'OK', message: '', value: proof }));
    expect(verify('lottery', '--proof', good).json).toMatchObject({ numbers: [2, 1, 3, 4, 7], matches: true });
    const forged = join(directory, 'forged.json');
    writeFileSync(forged, JSON.stringify({ ...proof, numbers: [2, 1, 3, 4, 8] }));
    const result = spawnSync(tsx, [script, 'lottery', '--proof', forged], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ matches: false });
    const notADraw = join(directory, 'raffle.json');
    writeFileSync(notADraw, JSON.stringify({ raffleId: 7, seed: SEED_1 }));
    expect(verify('lottery', '--proof', notADraw).stderr).toContain('is not a lottery draw');
  });
});
