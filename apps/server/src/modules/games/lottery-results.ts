import { AppError } from '../../lib/app-error';

/** A draw the lottery vendor published: its number, when it was drawn and its numbers as digit strings. */
export interface PublishedDraw {
  gameCode: string;
  drawNo: string;
  drawnAt: string;
  numbers: string[];
}

/** Where the platform reads a lottery vendor's public results (docs/decisions/0070-lottery-vendor.md). */
export interface LotteryVendorAddress {
  /** The vendor's code in the catalogue (its vassalage). */
  vendorCode: string;
  /** The base of its public API: `GET {apiUrl}/results?gameCode&before`. */
  apiUrl: string;
}

export interface LotteryResultsLimits {
  /** A reading of one page gives up after this long. */
  timeoutMs: number;
  /** A game's results are read again once this old. */
  freshMs: number;
  /** While the vendor cannot be read, results this old are still answered; older ones are not. */
  staleMs: number;
  /** The most pages read for one game in one refresh. */
  maxPages: number;
  maxBytes: number;
}

export const DEFAULT_LOTTERY_RESULTS_LIMITS: LotteryResultsLimits = {
  timeoutMs: 3_000,
  freshMs: 10_000,
  staleMs: 5 * 60_000,
  maxPages: 30,
  maxBytes: 2 * 1024 * 1024,
};

function unavailable(reason: string, cause?: unknown): AppError {
  return new AppError('GAME_LOTTERY_RESULTS_UNAVAILABLE', undefined, {
    cause: cause ?? new Error(reason),
  });
}

const DIGITS = /^\d{1,12}$/;

/** A number of a result as a digit string; anything else is not a number this adapter passes on. */
function digitString(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && DIGITS.test(value)) return value;
  return null;
}

/** The VN prize tiers from the special prize down (packages/fairness/src/lottery/vn.ts). */
const VN_TIERS = ['special', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
/** A SEA 4D draw's tiers from the first prize down (packages/fairness/src/lottery/sea.ts): it has consolation prizes. */
const SEA_TIERS = ['first', 'second', 'third', 'special', 'consolation'];

/**
 * A vendor's result as a list of digit strings: `{digits}` (fast lotteries), `{numbers}` (e-lottery), or `{prizes}`
 * (a VN draw, its tiers from the special prize down; a SEA 4D draw, from the first prize down). Null for a shape it does not know, or one with a non-number.
 */
export function resultNumbers(result: unknown): string[] | null {
  if (typeof result !== 'object' || result === null) return null;
  const record = result as Record<string, unknown>;
  let values: unknown[] | null = null;
  if (Array.isArray(record.digits)) values = record.digits;
  else if (Array.isArray(record.numbers)) values = record.numbers;
  else if (typeof record.prizes === 'object' && record.prizes !== null) {
    const prizes = record.prizes as Record<string, unknown>;
    const tiers = 'consolation' in prizes ? SEA_TIERS : VN_TIERS;
    values = tiers.flatMap((tier) => (Array.isArray(prizes[tier]) ? (prizes[tier] as unknown[]) : []));
  }
  if (!values || values.length === 0) return null;
  const numbers = values.map(digitString);
  return numbers.every((number): number is string => number !== null) ? numbers : null;
}

/** The draws of one page of `GET results`, or null for an answer that is not the vendor's results. */
function parsePage(body: unknown, gameCode: string): PublishedDraw[] | null {
  const envelope = body as { success?: unknown; value?: unknown } | null;
  if (!envelope || envelope.success !== true || !Array.isArray(envelope.value)) return null;
  const draws: PublishedDraw[] = [];
  for (const entry of envelope.value as unknown[]) {
    const draw = entry as { gameCode?: unknown; drawNo?: unknown; drawsAt?: unknown; result?: unknown } | null;
    if (!draw || draw.gameCode !== gameCode || typeof draw.drawNo !== 'string') continue;
    if (typeof draw.drawsAt !== 'string' || Number.isNaN(Date.parse(draw.drawsAt))) continue;
    const numbers = resultNumbers(draw.result);
    // A draw without a result is not published yet (the vendor answers only drawn ones; this one is not read).
    if (!numbers) continue;
    draws.push({
      gameCode,
      drawNo: draw.drawNo.slice(0, 64),
      drawnAt: new Date(draw.drawsAt).toISOString(),
      numbers,
    });
  }
  return draws;
}

interface Cached {
  at: number;
  /** How many results were asked for when it was read: a larger count reads again. */
  count: number;
  draws: PublishedDraw[];
}

/**
 * The lottery vendor's public results over HTTP (its `GET results?gameCode&before`, newest first, a page at a time),
 * as any third-party lottery would publish them: the platform reaches the vendor only by its address, never its
 * database. Each game's results are kept `freshMs` and shared by every brand and caller (one reading at a time per
 * game); a vendor that cannot be read answers GAME_LOTTERY_RESULTS_UNAVAILABLE, unless results read within `staleMs`
 * are at hand.
 */
export class LotteryResultsClient {
  private readonly cache = new Map<string, Cached>();
  private readonly reading = new Map<string, Promise<PublishedDraw[]>>();

  constructor(
    readonly address: LotteryVendorAddress,
    private readonly limits: LotteryResultsLimits = DEFAULT_LOTTERY_RESULTS_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The game's latest `count` results, newest first (fewer when the vendor has drawn fewer). */
  async latest(gameCode: string, count: number): Promise<PublishedDraw[]> {
    const cached = this.cache.get(gameCode);
    const now = this.now();
    if (cached && cached.count >= count && now - cached.at < this.limits.freshMs) return cached.draws.slice(0, count);
    const key = `${gameCode}\n${count}`;
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.readGame(gameCode, count).finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    try {
      const draws = await reading;
      this.cache.set(gameCode, { at: now, count, draws });
      return draws.slice(0, count);
    } catch (error) {
      if (cached && now - cached.at < this.limits.staleMs) return cached.draws.slice(0, count);
      throw error;
    }
  }

  private async readGame(gameCode: string, count: number): Promise<PublishedDraw[]> {
    const draws: PublishedDraw[] = [];
    let firstPage = 0;
    for (let page = 0; page < this.limits.maxPages && draws.length < count; page++) {
      const before = draws.at(-1)?.drawnAt;
      const answer = await this.readPage(gameCode, before);
      // A game the vendor does not know (a catalogue older than its games) has no results.
      if (answer === null) return draws;
      draws.push(...answer.draws);
      if (page === 0) firstPage = answer.length;
      // A page shorter than the first is the last one.
      if (answer.length === 0 || answer.length < firstPage) break;
    }
    return draws;
  }

  /** One page, or null when the vendor refuses the game (400). */
  private async readPage(
    gameCode: string,
    before: string | undefined,
  ): Promise<{ draws: PublishedDraw[]; length: number } | null> {
    const url = new URL(`${this.address.apiUrl.replace(/\/+$/, '')}/results`);
    url.searchParams.set('gameCode', gameCode);
    if (before) url.searchParams.set('before', before);
    let response: Response;
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error', signal });
    } catch (error) {
      throw unavailable(signal.aborted ? `no answer within ${this.limits.timeoutMs} ms` : 'unreachable', error);
    }
    if (response.status === 400) {
      await response.body?.cancel();
      return null;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw unavailable(`answered HTTP ${response.status}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw unavailable('the answer broke off', error);
    }
    if (text.length > this.limits.maxBytes) throw unavailable(`longer than ${this.limits.maxBytes} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw unavailable('not JSON', error);
    }
    const draws = parsePage(body, gameCode);
    if (!draws) throw unavailable('not a results answer');
    return { draws, length: (body as { value: unknown[] }).value.length };
  }
}
