import { createHmac } from 'node:crypto';
import type {
  BoCreateRaffleRequest,
  BoRaffle,
  BoRaffleDraw,
  BoRaffleListQuery,
  BoRafflePage,
  BoUpdateRaffleRequest,
  ClaimRaffleResult,
  RaffleDraw,
  RaffleItem,
  RaffleList,
  RaffleState,
  TranslatedLanguage,
} from '@parlay/contract';
import { RAFFLE_DRAW_ALGORITHM } from '@parlay/contract';
import { createServerSeed, drawRaffleWinners, hashServerSeed, type HmacSha256 } from '@parlay/fairness';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { formatAmount } from '../../lib/amount-format';
import type { Actor, AuditService } from '../audit/index';
import { maskAccount } from '../betting/index';
import type { MessagesService } from '../messages/index';
import type { WalletService } from '../wallet/index';
import * as repository from './raffles.repository';

/** A brand as raffles need it. */
export interface RaffleBrand {
  id: number;
  brand: { currency: string; currencyExponent: number; timeZone: string };
}

/** A member of a brand: who joins. */
export interface RaffleOwner {
  merchantId: number;
  memberId: number;
}

/** The most raffles one run of the draw job draws (each in its own transaction); the next run takes the rest. */
const DRAWS_PER_RUN = 20;

/** node:crypto's HMAC-SHA256: the same bytes as @noble/hashes' (the fairness tests hold them to it), faster. */
const nativeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

/** The wallet key of a raffle's prize of a rank: its movement's, once. */
export function prizeKey(raffleId: number, rank: number): string {
  return `raffle:${raffleId}:${rank}`;
}

/** The tickets of a member's deposits and valid bets in the sale window, by the rules (the SQL's countTickets). */
export function ticketsOf(
  rules: Pick<repository.RaffleRow, 'depositStepMinor' | 'betStepMinor' | 'maxTicketsPerMember'>,
  depositsMinor: number,
  validBetsMinor: number,
): number {
  const byDeposits = rules.depositStepMinor === null ? 0 : Math.floor(depositsMinor / rules.depositStepMinor);
  const byBets = rules.betStepMinor === null ? 0 : Math.floor(validBetsMinor / rules.betStepMinor);
  return Math.min(rules.maxTicketsPerMember, byDeposits + byBets);
}

/**
 * A raffle's state for a member at `now` (the activity states of docs/product/member-centre.md): drawn, issued for a
 * winner and close for everyone else; before the sale, coming_soon; a member who joined is joined until the draw;
 * one who did not may join until the sale ends, close after.
 */
export function stateOf(
  raffle: Pick<repository.RaffleRow, 'status' | 'saleStartsAt' | 'saleEndsAt'>,
  member: { joined: boolean; won: boolean },
  now: Date,
): RaffleState {
  if (raffle.status === 'drawn') return member.won ? 'issued' : 'close';
  if (raffle.status === 'void') return 'close';
  if (now.getTime() < Date.parse(raffle.saleStartsAt)) return 'coming_soon';
  if (member.joined) return 'joined';
  return now.getTime() < Date.parse(raffle.saleEndsAt) ? 'join' : 'close';
}

/** What the member's list shows of its own part in a raffle. */
interface MemberPart {
  entry: repository.MemberEntryRow | undefined;
  liveTickets: number;
}

/**
 * Raffles (MCS2_claimRafflePromotion; decision 0055): a brand's raffles, members joining them, tickets counted on
 * demand from their deposits and valid bets in the sale window, the draw after draw_at (one instance, one
 * transaction: the frozen ticket list, the winners by @parlay/fairness's drawRaffleWinners, each prize paid into the
 * main balance by its key raffle:<raffleId>:<rank>, the seed revealed), the public proof, and the back office's
 * raffles, audited.
 */
export class RaffleService {
  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly audit: AuditService,
    private readonly messages: MessagesService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private toItem(
    raffle: repository.RaffleRow,
    language: TranslatedLanguage,
    now: Date,
    member: MemberPart | null,
  ): RaffleItem {
    const won = member?.entry?.prizeRank ?? null;
    const joined = member?.entry !== undefined;
    return {
      id: raffle.id,
      code: raffle.code,
      category: raffle.category,
      title: language === 'KO' ? raffle.titleKo : raffle.titleEn,
      summary: language === 'KO' ? raffle.summaryKo : raffle.summaryEn,
      saleStartsAt: raffle.saleStartsAt,
      saleEndsAt: raffle.saleEndsAt,
      drawAt: raffle.drawAt,
      rules: {
        depositStepMinor: raffle.depositStepMinor,
        betStepMinor: raffle.betStepMinor,
        maxTicketsPerMember: raffle.maxTicketsPerMember,
      },
      prizes: raffle.prizes.map((amountMinor, index) => ({ rank: index + 1, amountMinor })),
      seedHash: raffle.seedHash,
      status: raffle.status,
      drawnAt: raffle.drawnAt,
      state: member === null ? null : stateOf(raffle, { joined, won: won !== null }, now),
      tickets: member === null ? null : raffle.status === 'drawn' ? (member.entry?.tickets ?? 0) : member.liveTickets,
      joinedAt: member?.entry?.joinedAt ?? null,
      prize:
        won === null || member?.entry?.prizeMinor == null ? null : { rank: won, amountMinor: member.entry.prizeMinor },
    };
  }

  /** The member's part in each raffle: its entry rows, and its tickets so far in the open ones on sale. */
  private async memberParts(
    memberId: number,
    raffles: readonly repository.RaffleRow[],
    now: Date,
  ): Promise<Map<number, MemberPart>> {
    const entries = new Map(
      (
        await repository.findMemberEntries(
          this.db,
          memberId,
          raffles.map((raffle) => raffle.id),
        )
      ).map((entry) => [entry.raffleId, entry]),
    );
    const parts = new Map<number, MemberPart>();
    for (const raffle of raffles) {
      const counting = raffle.status === 'open' && now.getTime() >= Date.parse(raffle.saleStartsAt);
      const liveTickets = counting
        ? ((await repository.countTickets(this.db, raffle.id, [memberId])).get(memberId) ?? 0)
        : 0;
      parts.set(raffle.id, { entry: entries.get(raffle.id), liveTickets });
    }
    return parts;
  }

  /** GET /wps/promotions/raffles: the brand's raffles, with the member's part when one is signed in. */
  async list(merchant: RaffleBrand, memberId: number | null, language: TranslatedLanguage): Promise<RaffleList> {
    const now = this.clock();
    const raffles = await repository.findVisibleRaffles(this.db, merchant.id);
    const parts = memberId === null ? null : await this.memberParts(memberId, raffles, now);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      items: raffles.map((raffle) => this.toItem(raffle, language, now, parts?.get(raffle.id) ?? null)),
    };
  }

  /**
   * POST /wps/relay/MCS2_claimRafflePromotion: the member joins a raffle on sale, once. The raffle's row is held
   * FOR SHARE meanwhile, so a join and the draw's freeze never overlap; a repeat answers joinedNow false.
   */
  async join(
    owner: RaffleOwner,
    merchant: RaffleBrand,
    raffleId: number,
    language: TranslatedLanguage,
  ): Promise<ClaimRaffleResult> {
    const now = this.clock();
    const { raffle, joinedNow } = await this.db.transaction(async (tx) => {
      const raffle = await repository.findRaffle(tx, owner.merchantId, raffleId, 'share');
      if (!raffle || !raffle.active || raffle.status === 'void') throw new AppError('RAFFLE_NOT_FOUND');
      if (raffle.status === 'drawn') throw new AppError('RAFFLE_CLOSED');
      if (now.getTime() < Date.parse(raffle.saleStartsAt)) throw new AppError('RAFFLE_NOT_STARTED');
      if (now.getTime() >= Date.parse(raffle.saleEndsAt)) throw new AppError('RAFFLE_CLOSED');
      return { raffle, joinedNow: await repository.join(tx, raffle.id, owner.memberId) };
    });
    const part = (await this.memberParts(owner.memberId, [raffle], now)).get(raffle.id)!;
    return { raffle: this.toItem(raffle, language, now, part), joinedNow };
  }

  /** GET /wps/promotions/raffles/:raffleId/draw: a drawn raffle's public proof (accounts masked). */
  async proof(merchant: RaffleBrand, raffleId: number, language: TranslatedLanguage): Promise<RaffleDraw> {
    const raffle = await repository.findRaffle(this.db, merchant.id, raffleId);
    if (!raffle || !raffle.active) throw new AppError('RAFFLE_NOT_FOUND');
    if (raffle.status !== 'drawn') throw new AppError('RAFFLE_NOT_DRAWN');
    const entries = await repository.findEntries(this.db, raffle.id);
    const winners = await repository.findWinners(this.db, raffle.id);
    return {
      raffleId: raffle.id,
      title: language === 'KO' ? raffle.titleKo : raffle.titleEn,
      algorithm: RAFFLE_DRAW_ALGORITHM,
      seedHash: raffle.seedHash,
      seed: raffle.serverSeed,
      drawnAt: raffle.drawnAt!,
      totalTickets: raffle.totalTickets ?? 0,
      prizes: raffle.prizes.map((amountMinor, index) => ({ rank: index + 1, amountMinor })),
      entries: entries.map((entry) => ({
        entry: entry.entry,
        account: maskAccount(entry.account),
        firstTicket: entry.firstTicket,
        count: entry.count,
      })),
      winners: winners.map((winner) => ({
        rank: winner.rank,
        ticket: winner.ticket,
        entry: winner.entry,
        account: maskAccount(winner.account),
        prizeMinor: winner.prizeMinor,
      })),
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  /**
   * The draw job's work: each open raffle past its draw time drawn, one transaction each (see drawNext). Returns how
   * many were drawn.
   */
  async drawDue(): Promise<{ drawn: number }> {
    let drawn = 0;
    while (drawn < DRAWS_PER_RUN) {
      const outcome = await this.drawNext();
      if (!outcome) break;
      drawn += 1;
      for (const owner of outcome.paid) {
        this.wallet.announce(owner, await this.wallet.getBalance(owner));
        await this.messages.announceUnread(owner);
      }
      // PGlite runs in this thread: between two draws, requests waiting for it get their turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { drawn };
  }

  /**
   * Draws the next due raffle, in one transaction with its row locked (SKIP LOCKED: another instance draws another
   * one): the entrants' tickets counted and frozen in member id order, the winners drawn from the seed, each prize
   * credited by its key and recorded with the winner's mailbox message (the member's language), the raffle marked
   * drawn (which reveals its seed). A process killed midway commits none of it; the next run draws the raffle again
   * from the start, with the same list, the same winners and one message each.
   */
  private async drawNext() {
    return this.db.transaction(async (tx) => {
      const due = await repository.lockDueRaffle(tx, this.clock());
      if (!due) return null;
      const { raffle, currency, currencyExponent } = due;
      const entries = await repository.freezeEntrants(
        tx,
        raffle.id,
        await repository.countTickets(tx, raffle.id, null),
      );
      const picks = drawRaffleWinners(
        {
          seed: raffle.serverSeed,
          raffleId: raffle.id,
          prizes: raffle.prizes.length,
          counts: entries.map((entry) => entry.count),
        },
        nativeHmac,
      );
      const paid = [];
      // Paid in member id order: two draws at once (or a leaderboard's payout) lock the winners' wallet rows in the
      // same order, so they wait for each other instead of deadlocking (seen on PostgreSQL in the concurrency test).
      const inMemberOrder = [...picks].sort((a, b) => entries[a.entry]!.memberId - entries[b.entry]!.memberId);
      for (const pick of inMemberOrder) {
        const winner = entries[pick.entry]!;
        const owner = { merchantId: raffle.merchantId, memberId: winner.memberId, currency };
        const prizeMinor = raffle.prizes[pick.rank - 1]!;
        const posted = await this.wallet.credit(tx, {
          ...owner,
          amountMinor: prizeMinor,
          kind: 'raffle',
          idempotencyKey: prizeKey(raffle.id, pick.rank),
          reason: `Raffle ${raffle.code} #${pick.rank}`,
        });
        await repository.insertWinner(tx, raffle.id, {
          rank: pick.rank,
          ticket: pick.ticket,
          entry: pick.entry,
          attempt: pick.attempt,
          memberId: winner.memberId,
          prizeMinor,
          movementId: posted.movementId,
        });
        await this.messages.sendSystemMessage(tx, { id: winner.memberId, merchantId: raffle.merchantId }, 'raffleWon', {
          titleKo: raffle.titleKo,
          titleEn: raffle.titleEn,
          rank: pick.rank,
          ticket: pick.ticket,
          amount: formatAmount(prizeMinor, currencyExponent),
        });
        paid.push(owner);
      }
      await repository.markDrawn(
        tx,
        raffle.id,
        entries.reduce((sum, entry) => sum + entry.count, 0),
      );
      return { raffleId: raffle.id, paid };
    });
  }

  /** Raffles open past their draw time (the draw job's backlog, for /metrics). */
  countDue(): Promise<number> {
    return repository.countDue(this.db);
  }

  private async toBoRaffles(raffles: repository.RaffleRow[]): Promise<BoRaffle[]> {
    const figures = await repository.findFigures(
      this.db,
      raffles.map((raffle) => raffle.id),
    );
    return raffles.map((raffle) => ({
      id: raffle.id,
      code: raffle.code,
      titleKo: raffle.titleKo,
      titleEn: raffle.titleEn,
      summaryKo: raffle.summaryKo,
      summaryEn: raffle.summaryEn,
      saleStartsAt: raffle.saleStartsAt,
      saleEndsAt: raffle.saleEndsAt,
      drawAt: raffle.drawAt,
      rules: {
        depositStepMinor: raffle.depositStepMinor,
        betStepMinor: raffle.betStepMinor,
        maxTicketsPerMember: raffle.maxTicketsPerMember,
      },
      prizes: raffle.prizes.map((amountMinor, index) => ({ rank: index + 1, amountMinor })),
      seedHash: raffle.seedHash,
      // The seed stays secret until the draw, from operators too: whoever knew it could foresee the winners.
      seed: raffle.status === 'drawn' ? raffle.serverSeed : null,
      status: raffle.status,
      active: raffle.active,
      entrants: figures.get(raffle.id)?.entrants ?? 0,
      totalTickets: raffle.totalTickets,
      prizesPaidMinor: figures.get(raffle.id)?.prizesPaidMinor ?? 0,
      drawnAt: raffle.drawnAt,
      version: raffle.version,
      createdAt: raffle.createdAt,
      updatedAt: raffle.updatedAt,
    }));
  }

  private async boRaffle(merchant: RaffleBrand, raffleId: number): Promise<BoRaffle> {
    const raffle = await repository.findRaffle(this.db, merchant.id, raffleId);
    if (!raffle) throw new AppError('RAFFLE_NOT_FOUND');
    return (await this.toBoRaffles([raffle]))[0]!;
  }

  /** The brand's raffles, newest first (keyset by id). */
  async boRaffles(merchant: RaffleBrand, query: BoRaffleListQuery): Promise<BoRafflePage> {
    const rows = await repository.findRaffles(this.db, merchant.id, {
      ...(query.status === undefined ? {} : { status: query.status }),
      beforeId: parseIdCursor(query.cursor),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    return {
      items: await this.toBoRaffles(page),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone: merchant.brand.timeZone,
    };
  }

  /** A drawn raffle's draw for the operator: the frozen list and the winners, accounts unmasked. */
  async boDraw(merchant: RaffleBrand, raffleId: number): Promise<BoRaffleDraw> {
    const raffle = await this.boRaffle(merchant, raffleId);
    if (raffle.status !== 'drawn') throw new AppError('RAFFLE_NOT_DRAWN');
    const entries = await repository.findEntries(this.db, raffleId);
    const winners = await repository.findWinners(this.db, raffleId);
    return {
      raffle,
      algorithm: RAFFLE_DRAW_ALGORITHM,
      entries: entries.map((entry) => ({ ...entry, maskedAccount: maskAccount(entry.account) })),
      winners: winners.map((winner) => ({
        rank: winner.rank,
        ticket: winner.ticket,
        entry: winner.entry,
        memberId: winner.memberId,
        account: winner.account,
        prizeMinor: winner.prizeMinor,
        movementId: winner.movementId,
      })),
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  /** Adds a raffle with a fresh seed, whose hash is public from now on (audited without the seed). */
  async create(actor: Actor, merchant: RaffleBrand, request: BoCreateRaffleRequest): Promise<BoRaffle> {
    const fields = fieldsOfRequest(request);
    checkRaffle(fields);
    if (Date.parse(fields.drawAt) <= this.clock().getTime()) {
      throw new AppError('RAFFLE_INVALID', { reason: 'drawAt must be in the future' });
    }
    const serverSeed = createServerSeed();
    const seedHash = hashServerSeed(serverSeed);
    const id = await this.db.transaction(async (tx) => {
      const id = await repository.insertRaffle(tx, {
        merchantId: merchant.id,
        code: request.code,
        serverSeed,
        seedHash,
        ...fields,
      });
      if (id === undefined) throw new AppError('RAFFLE_CODE_TAKEN');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'raffles.create',
        targetType: 'raffle',
        targetId: request.code,
        after: { code: request.code, ...fields, seedHash },
      });
      return id;
    });
    return this.boRaffle(merchant, id);
  }

  /**
   * Saves an open raffle opened at `version`: texts at any time until the draw; the dates, rules and prizes only
   * before the sale starts (RAFFLE_LOCKED): members earn tickets by the rules they were shown.
   */
  async update(
    actor: Actor,
    merchant: RaffleBrand,
    raffleId: number,
    request: BoUpdateRaffleRequest,
  ): Promise<BoRaffle> {
    const before = await repository.findRaffle(this.db, merchant.id, raffleId);
    if (!before) throw new AppError('RAFFLE_NOT_FOUND');
    if (before.status !== 'open') throw new AppError('RAFFLE_LOCKED');
    const fields = fieldsOfRequest(request);
    checkRaffle(fields);
    const started = this.clock().getTime() >= Date.parse(before.saleStartsAt);
    if (started && !sameTerms(fieldsOf(before), fields)) throw new AppError('RAFFLE_LOCKED');
    await this.db.transaction(async (tx) => {
      if (!(await repository.updateRaffle(tx, merchant.id, raffleId, request.version, fields))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'raffles.update',
        targetType: 'raffle',
        targetId: before.code,
        before: { ...fieldsOf(before), version: before.version },
        after: fields,
      });
    });
    return this.boRaffle(merchant, raffleId);
  }

  /** Switches a raffle off (an undrawn one becomes void, never drawn; a drawn one keeps its draw), audited. */
  async deactivate(actor: Actor, merchant: RaffleBrand, raffleId: number, version: number): Promise<BoRaffle> {
    const before = await repository.findRaffle(this.db, merchant.id, raffleId);
    if (!before) throw new AppError('RAFFLE_NOT_FOUND');
    await this.db.transaction(async (tx) => {
      if (!(await repository.switchOff(tx, merchant.id, raffleId, version))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'raffles.deactivate',
        targetType: 'raffle',
        targetId: before.code,
        before: { status: before.status, active: before.active, version: before.version },
        after: { status: before.status === 'open' ? 'void' : before.status, active: false },
      });
    });
    return this.boRaffle(merchant, raffleId);
  }
}

function fieldsOfRequest(request: BoCreateRaffleRequest | BoUpdateRaffleRequest): repository.RaffleFields {
  return {
    titleKo: request.titleKo,
    titleEn: request.titleEn,
    summaryKo: request.summaryKo,
    summaryEn: request.summaryEn,
    saleStartsAt: new Date(request.saleStartsAt).toISOString(),
    saleEndsAt: new Date(request.saleEndsAt).toISOString(),
    drawAt: new Date(request.drawAt).toISOString(),
    depositStepMinor: request.depositStepMinor,
    betStepMinor: request.betStepMinor,
    maxTicketsPerMember: request.maxTicketsPerMember,
    prizes: request.prizes,
  };
}

function fieldsOf(raffle: repository.RaffleRow): repository.RaffleFields {
  return {
    titleKo: raffle.titleKo,
    titleEn: raffle.titleEn,
    summaryKo: raffle.summaryKo,
    summaryEn: raffle.summaryEn,
    saleStartsAt: raffle.saleStartsAt,
    saleEndsAt: raffle.saleEndsAt,
    drawAt: raffle.drawAt,
    depositStepMinor: raffle.depositStepMinor,
    betStepMinor: raffle.betStepMinor,
    maxTicketsPerMember: raffle.maxTicketsPerMember,
    prizes: raffle.prizes,
  };
}

/** The terms members earn tickets and prizes by: everything but the texts. */
function sameTerms(a: repository.RaffleFields, b: repository.RaffleFields): boolean {
  const terms = (fields: repository.RaffleFields) =>
    JSON.stringify([
      Date.parse(fields.saleStartsAt),
      Date.parse(fields.saleEndsAt),
      Date.parse(fields.drawAt),
      fields.depositStepMinor,
      fields.betStepMinor,
      fields.maxTicketsPerMember,
      fields.prizes,
    ]);
  return terms(a) === terms(b);
}

/**
 * A raffle's fields fit together (else RAFFLE_INVALID with the reason): the sale ends after it starts, the draw is at
 * or after the sale's end, and some rule earns tickets.
 */
function checkRaffle(fields: repository.RaffleFields): void {
  const refuse = (reason: string) => {
    throw new AppError('RAFFLE_INVALID', { reason });
  };
  if (Date.parse(fields.saleEndsAt) <= Date.parse(fields.saleStartsAt)) refuse('saleEndsAt must follow saleStartsAt');
  if (Date.parse(fields.drawAt) < Date.parse(fields.saleEndsAt)) refuse('drawAt must be at or after saleEndsAt');
  if (fields.depositStepMinor === null && fields.betStepMinor === null) {
    refuse('a deposit step or a bet step must earn tickets');
  }
}

function parseIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = Number(cursor);
  if (!/^\d{1,18}$/.test(cursor) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}
