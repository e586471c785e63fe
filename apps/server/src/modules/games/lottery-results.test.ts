import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { DEFAULT_LOTTERY_RESULTS_LIMITS, LotteryResultsClient, resultNumbers } from './lottery-results';

// The results adapter against a real HTTP peer that answers as a lottery vendor's public results do (newest first, a
// page at a time before `before`); lottery.routes.test.ts runs it against the real lottery vendor.

const DRAWS = Array.from({ length: 7 }, (_, index) => ({
  gameCode: 'G',
  drawNo: `20261120-${String(7 - index).padStart(4, '0')}`,
  drawsAt: new Date(Date.UTC(2026, 10, 20, 10, 7 - index)).toISOString(),
  result: { digits: [index, 1, 2] },
}));
const PAGE = 3;

let server: Server;
let url: string;
let mode: 'ok' | 'down' = 'ok';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://peer').searchParams;
    asked.push(`${query.get('gameCode')}:${query.get('before') ?? ''}`);
    if (mode === 'down') return void response.writeHead(502).end('down');
    if (query.get('gameCode') !== 'G') {
      return void response.writeHead(400, { 'content-type': 'application/json' }).end('{"success":false}');
    }
    const before = query.get('before');
    const page = DRAWS.filter((draw) => before === null || draw.drawsAt < before).slice(0, PAGE);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, value: page }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe(LotteryResultsClient.name, () => {
  it('reads pages before the last draw until it has count, newest first', async () => {
    const client = new LotteryResultsClient({ vendorCode: 'V', apiUrl: url });
    asked.length = 0;
    const five = await client.latest('G', 5);
    expect(five.map((draw) => draw.drawNo)).toEqual(DRAWS.slice(0, 5).map((draw) => draw.drawNo));
    expect(five[0]).toEqual({
      gameCode: 'G',
      drawNo: DRAWS[0]!.drawNo,
      drawnAt: DRAWS[0]!.drawsAt,
      numbers: ['0', '1', '2'],
    });
    expect(asked).toEqual(['G:', `G:${DRAWS[2]!.drawsAt}`]);
    // Fewer than asked: the pages end with a short one.
    asked.length = 0;
    expect(await client.latest('G', 50)).toHaveLength(7);
    expect(asked).toHaveLength(3);
    // Kept: a smaller count reads nothing again.
    asked.length = 0;
    expect(await client.latest('G', 2)).toHaveLength(2);
    expect(asked).toEqual([]);
  });

  it('answers no results for a game the vendor does not know', async () => {
    const client = new LotteryResultsClient({ vendorCode: 'V', apiUrl: url });
    expect(await client.latest('UNKNOWN', 10)).toEqual([]);
  });

  it('answers results read lately while the vendor is down, then says they are unavailable', async () => {
    let now = 1_000_000;
    const client = new LotteryResultsClient(
      { vendorCode: 'V', apiUrl: url },
      DEFAULT_LOTTERY_RESULTS_LIMITS,
      () => now,
    );
    try {
      expect(await client.latest('G', 3)).toHaveLength(3);
      mode = 'down';
      now += DEFAULT_LOTTERY_RESULTS_LIMITS.freshMs;
      expect(await client.latest('G', 3)).toHaveLength(3);
      now += DEFAULT_LOTTERY_RESULTS_LIMITS.staleMs;
      const refused = await client.latest('G', 3).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('GAME_LOTTERY_RESULTS_UNAVAILABLE');
    } finally {
      mode = 'ok';
    }
  });
});

describe(resultNumbers.name, () => {
  it("reads a fast lottery's digits, the e-lottery's numbers and a VN draw's prizes from the special down", () => {
    expect(resultNumbers({ digits: [0, 9, 3] })).toEqual(['0', '9', '3']);
    expect(resultNumbers({ numbers: [5, 80] })).toEqual(['5', '80']);
    expect(resultNumbers({ prizes: { first: ['12345'], special: ['00123'], seventh: ['01', '99'] } })).toEqual([
      '00123',
      '12345',
      '01',
      '99',
    ]);
  });

  it("reads a SEA 4D draw's prizes from the first down, its special prizes after the third", () => {
    const prizes = {
      special: ['0001', '0002'],
      consolation: ['0003'],
      third: ['3982'],
      first: ['1082'],
      second: ['4194'],
    };
    expect(resultNumbers({ operator: 'MAGNUM', date: '2022-08-31', prizes })).toEqual([
      '1082',
      '4194',
      '3982',
      '0001',
      '0002',
      '0003',
    ]);
  });

  it('passes on no shape it does not know, and no value that is not a number', () => {
    expect(resultNumbers(null)).toBeNull();
    expect(resultNumbers({ digits: [] })).toBeNull();
    expect(resultNumbers({ digits: [1, -2] })).toBeNull();
    expect(resultNumbers({ numbers: ['<b>'] })).toBeNull();
    expect(resultNumbers({ other: [1] })).toBeNull();
  });
});
