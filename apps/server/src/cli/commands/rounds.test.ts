import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  callWallet,
  checkLedger,
  createFundedPlayer,
  installTestVendor,
} from '../../modules/seamless-wallet/seamless-wallet.fixtures';
import type { AdminContext } from '../command';
import { runAdmin } from '../run';
import { adminCommands } from './index';
import { roundsCommand } from './rounds';

let t: TestApp;
let context: AdminContext;
let seq = 0;
const rounds = (...args: string[]) => runAdmin(adminCommands, context, ['rounds', ...args]);

beforeAll(async () => {
  t = await createTestApp();
  await installTestVendor(t.app, 'CLIV');
  context = { db: t.app.db, defaultMerchantCode: 'parlay', osUser: 'ops' };
}, 180_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

/** A round of CLIV holding one debit of `stake`, started `hoursAgo` hours ago. */
async function abandonedRound(stake: number, hoursAgo: number) {
  const { authorization, member } = await createFundedPlayer(t.app, 5_000);
  const rows: unknown = await t.app.db.execute(
    sql`SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = 'CLIV' AND g.code = 'G1'`,
  );
  const gameId = Number((rows as { rows: { id: unknown }[] }).rows[0]?.id);
  const response = await t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization },
    payload: { gameId, playMode: 'real' },
  });
  const url = new URL(response.json<{ value: { game_url: string } }>().value.game_url);
  seq += 1;
  const roundId = `cli-round-${seq}`;
  const debit = await callWallet(
    t.app,
    'debit',
    {
      requestId: `cli-req-${seq}`,
      playerId: url.searchParams.get('playerId'),
      currency: url.searchParams.get('currency'),
      sessionToken: url.searchParams.get('sessionToken'),
      transactionId: `cli-debit-${seq}`,
      roundId,
      gameCode: 'G1',
      amountMinor: stake,
    },
    { vendorCode: 'CLIV' },
  );
  expect(debit.status).toBe(200);
  await t.app.db.execute(
    sql`UPDATE game_rounds SET started_at = now() - make_interval(hours => ${hoursAgo}) WHERE round_id = ${roundId}`,
  );
  return { member, roundId };
}

describe(roundsCommand.name, () => {
  it('lists the rounds open past the age asked, oldest first, and says when there are none', async () => {
    const old = await abandonedRound(300, 50);
    const older = await abandonedRound(200, 70);
    const young = await abandonedRound(100, 1);

    const listed = await rounds('open');
    expect(listed.exitCode).toBe(0);
    const lines = listed.output.split('\n');
    expect(lines[0]).toBe('Rounds open for more than 24 h, oldest first:');
    const olderLine = lines.findIndex((line) => line.includes(older.roundId));
    const oldLine = lines.findIndex((line) => line.includes(old.roundId));
    expect(olderLine).toBeGreaterThan(0);
    expect(oldLine).toBeGreaterThan(olderLine);
    expect(lines[oldLine]).toContain(`CLIV ${old.roundId}  parlay/${old.member.account}  G1  stake 300 win 0 KRW`);
    expect(listed.output).not.toContain(young.roundId);

    expect((await rounds('open', '--hours', '60')).output).not.toContain(old.roundId);
    expect((await rounds('open', '--hours', '1000')).output).toBe('No round has been open for more than 1000 h.');
    expect((await rounds('open', '--limit', '1')).output.split('\n')[0]).toBe(
      'Rounds open for more than 24 h, oldest first (first 1):',
    );
  });

  it('cancels a round and gives its stake back; settles another as it stood', async () => {
    const cancelled = await abandonedRound(1_200, 30);
    expect(await rounds('cancel', 'CLIV', cancelled.roundId, '--reason', 'vendor says it never ended')).toEqual({
      exitCode: 0,
      output: `Cancelled round ${cancelled.roundId} of CLIV (${cancelled.member.account}): gave back 1200 KRW (minor units); balance 5000.`,
    });
    const settled = await abandonedRound(800, 30);
    expect(await rounds('settle', 'CLIV', settled.roundId, '--reason', 'vendor says the player lost')).toEqual({
      exitCode: 0,
      output: `Settled round ${settled.roundId} of CLIV (${settled.member.account}) as it stood; no money moved.`,
    });
    const listed = (await rounds('open')).output;
    expect(listed).not.toContain(cancelled.roundId);
    expect(listed).not.toContain(settled.roundId);
    expect(await checkLedger(t.app)).toMatchObject({ balanceMismatches: 0, duplicatedTransactions: 0 });
    const trail = await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 10, action: 'round.' });
    expect(trail.items.map((entry) => [entry.action, entry.targetId, entry.actor])).toEqual([
      ['round.settle', `CLIV/${settled.roundId}`, 'cli:ops'],
      ['round.cancel', `CLIV/${cancelled.roundId}`, 'cli:ops'],
    ]);
    expect(trail.items[1]).toMatchObject({
      before: { status: 'open', stakeMinor: 1_200 },
      after: { status: 'cancelled', refundedMinor: 1_200, reason: 'vendor says it never ended' },
    });
  });

  it('explains a closed or unknown round, a missing reason and a wrong word, and moves nothing', async () => {
    const round = await abandonedRound(500, 30);
    await rounds('settle', 'CLIV', round.roundId, '--reason', 'vendor says the player lost');
    const before = await checkLedger(t.app);

    expect(await rounds('cancel', 'CLIV', round.roundId, '--reason', 'again')).toEqual({
      exitCode: 1,
      output: 'VENDOR_ROUND_CLOSED: The round is already closed.',
    });
    expect(await rounds('cancel', 'CLIV', 'no-such-round', '--reason', 'gone')).toEqual({
      exitCode: 1,
      output: 'WALLET_ROUND_NOT_FOUND: The betting record was not found.',
    });
    const noReason = await rounds('cancel', 'CLIV', round.roundId);
    expect(noReason.exitCode).toBe(1);
    expect(noReason.output.split('\n')[0]).toMatch(/^--reason: /);
    const wrong = await rounds('close', 'CLIV', round.roundId);
    expect(wrong.output.split('\n')[0]).toBe('say "open", "cancel" or "settle"');
    expect((await rounds('open', '--hours', 'soon')).output.split('\n')[0]).toBe('--hours is a whole number above 0');
    expect((await checkLedger(t.app)).movements).toBe(before.movements);
    const trail = await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 10, action: 'round.' });
    expect(trail.items.filter((entry) => entry.targetId === `CLIV/${round.roundId}`)).toHaveLength(1);
  });
});
