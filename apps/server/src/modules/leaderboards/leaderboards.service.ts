import type {
  BoCreateLeaderboardRequest,
  BoLeaderboard,
  BoLeaderboardListQuery,
  BoLeaderboardPage,
  BoLeaderboardStandings,
  BoUpdateLeaderboardRequest,
  GameType,
  LeaderboardItem,
  LeaderboardSummary,
  TranslatedLanguage,
} from '@parlay/contract';
import { LEADERBOARD_LIMITS } from '@parlay/contract';
import type { Database, Executor, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import { maskAccount } from '../betting/index';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import type { WalletOwner, WalletService } from '../wallet/index';
import { addDays, localDay, periodOf, periodStarting, shownPeriod, type BoardPeriod } from './leaderboards.period';
import * as repository from './leaderboards.repository';

/** Leaderboards' checkpoint in the settlement feed. */
export const LEADERBOARDS_CONSUMER = 'leaderboards';

/**
 * How long after a period's end its prizes wait: rounds settled at its end still reach the feed (as cashback's
 * grace, decision 0051); the payout also waits until the consumer has applied every round settled before the end.
 */
export const LEADERBOARD_PAY_GRACE_MS = 10 * 60_000;

/** The back office's standings: at most this many ranks. */
const STANDINGS_MAX = 100;

/** A brand as leaderboards need it. */
export interface LeaderboardBrand {
  id: number;
  brand: { currency: string; currencyExponent: number; timeZone: string };
}

/** A member of a brand: whose rank. */
export interface LeaderboardOwner {
  merchantId: number;
  memberId: number;
}

/**
 * The first day of a board's periods the payout does not owe yet at `now`: every period starting before it ended at
 * least the grace ago. A daily or weekly board's is the start of the period holding `now` minus the grace; a
 * campaign's, the day after its start once its end plus the grace has passed, else its start.
 */
export function dueBefore(
  board: Pick<repository.LeaderboardRow, 'period' | 'startsAt' | 'endsAt'>,
  now: Date,
  timeZone: string,
): string {
  const graceAgo = new Date(now.getTime() - LEADERBOARD_PAY_GRACE_MS);
  const period = periodOf(board, localDay(graceAgo, timeZone), timeZone);
  if (board.period !== 'campaign') return period.start;
  return period.endsAt.getTime() <= graceAgo.getTime() ? addDays(period.start, 1) : period.start;
}

/** A rank's prize of a period, as its payout row records it before it is paid or refused. */
type PrizeDue = Omit<repository.PayoutRow, 'account' | 'movementId' | 'refused'> & {
  leaderboardId: number;
  periodStart: string;
};

/** The wallet key of a rank's prize in a period: its movement's, once. */
export function prizeKey(leaderboardId: number, periodStart: string, rank: number): string {
  return `leaderboard:${leaderboardId}:${periodStart}:${rank}`;
}

/**
 * Leaderboards' scores from the settlement feed (decision 0056): each batch's settled rounds add to (valid bet) or
 * raise (multiplier) the members' scores of the boards' periods, set-based, in the batch's transaction, which moves
 * the checkpoint too: a round counts once across instances and restarts.
 */
export class LeaderboardsFeedConsumer implements FeedConsumer {
  readonly name = LEADERBOARDS_CONSUMER;

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    if (!batch.events.some((event) => event.kind === 'round')) return;
    await repository.scoreBatch(tx, batch.after, batch.last);
  }
}

/**
 * Leaderboards (missionLeaderboard; decision 0056): a brand's boards ranking members over a period of its calendar,
 * scored by the feed's `leaderboards` consumer; each finished period's prizes paid once by the payout job (wallet
 * kind `leaderboard`, key leaderboard:<id>:<periodStart>:<rank>) in one transaction with the period's row; the
 * member's page and the back office's boards and standings, audited.
 */
export class LeaderboardService {
  readonly feedConsumer = new LeaderboardsFeedConsumer();

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly feed: SettlementFeedService,
    private readonly audit: AuditService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Applies what settled since leaderboards' checkpoint (its feed job calls it). */
  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /**
   * Pays every finished period due (its end plus the grace passed, each of its rounds counted) of the active boards:
   * each period in a transaction of its own that first writes the period's row, so a second run (another instance,
   * or this one again) waits for it and then pays nothing; a run killed mid-way leaves the period unpaid and whole,
   * and the next pays it with the same keys. Ranks past the prizes win nothing; a prize that cannot be paid is
   * recorded refused and the rest of the period paid (decision 0056, Later). The periods paid.
   */
  async payDue(): Promise<{ paid: number }> {
    let paid = 0;
    for (const due of await this.duePeriods(this.clock())) {
      if (await this.feed.feedBehindBefore(LEADERBOARDS_CONSUMER, due.period.endsAt)) continue;
      if (await this.payPeriod(due.board, due.period)) paid += 1;
    }
    return { paid };
  }

  /**
   * Finished periods past their grace not paid yet (/metrics: an operator alerts when it stays above 0, the feed
   * behind or the payout failing; a refused prize does not keep its period waiting).
   */
  async periodsWaiting(): Promise<number> {
    return (await this.duePeriods(this.clock())).length;
  }

  /**
   * The periods the payout owes at `now`, oldest first: of each active board, those with scores, after its newest
   * period paid, that ended at least the grace ago. Read by board with the period bound worked out here, so the
   * query never reads the scores of a period still running (repository.findUnpaidPeriodStarts).
   */
  private async duePeriods(now: Date): Promise<{ board: repository.PayableBoardRow; period: BoardPeriod }[]> {
    const due: { board: repository.PayableBoardRow; period: BoardPeriod }[] = [];
    for (const board of await repository.findPayableBoards(this.db)) {
      const before = dueBefore(board.leaderboard, now, board.timeZone);
      for (const start of await repository.findUnpaidPeriodStarts(this.db, board.leaderboard.id, before)) {
        due.push({ board, period: periodStarting(board.leaderboard, start, board.timeZone) });
      }
    }
    return due.sort(
      (a, b) => a.period.start.localeCompare(b.period.start) || a.board.leaderboard.id - b.board.leaderboard.id,
    );
  }

  /**
   * Pays a period in one transaction: claims its row, then each rank's prize through the wallet with its payout row,
   * each in a savepoint of its own: a prize refused (the winner's account closed, or the wallet's refusal, such as a
   * balance past its limit) rolls back only itself and is recorded with the refusal's code, for the operator to see on
   * the standings and settle by hand. Any other failure rolls the whole period back, to be paid by a later run.
   */
  private async payPeriod(candidate: repository.PayableBoardRow, period: BoardPeriod): Promise<boolean> {
    const { leaderboard, currency } = candidate;
    const winners = await this.db.transaction(async (tx) => {
      if (!(await repository.claimPeriod(tx, leaderboard.id, period.start, leaderboard.merchantId))) return null;
      const standings = await repository.findStandings(
        tx,
        leaderboard.id,
        period.start,
        leaderboard.prizesMinor.length,
      );
      const closed = await repository.findClosedMembers(
        tx,
        standings.map((standing) => standing.memberId),
      );
      const owners: WalletOwner[] = [];
      let paidMinor = 0;
      for (const standing of standings) {
        const prizeMinor = leaderboard.prizesMinor[standing.rank - 1]!;
        const owner = { merchantId: leaderboard.merchantId, memberId: standing.memberId, currency };
        const payout: PrizeDue = {
          leaderboardId: leaderboard.id,
          periodStart: period.start,
          rank: standing.rank,
          memberId: standing.memberId,
          score: standing.score,
          prizeMinor,
        };
        const refused = closed.has(standing.memberId)
          ? 'ACCOUNT_DISABLED'
          : await this.payPrize(tx, owner, payout, leaderboard.code);
        if (refused !== null) {
          await repository.insertPayout(tx, { ...payout, movementId: null, refused });
          continue;
        }
        owners.push(owner);
        paidMinor += prizeMinor;
      }
      await repository.finishPeriod(tx, {
        leaderboardId: leaderboard.id,
        periodStart: period.start,
        ranked: standings.length,
        paidMinor,
      });
      return owners;
    });
    if (winners === null) return false;
    for (const owner of winners) this.wallet.announce(owner, await this.wallet.getBalance(owner));
    return true;
  }

  /** A rank's prize credited with its payout row, in a savepoint; the code of the wallet's refusal, else null. */
  private async payPrize(tx: Transaction, owner: WalletOwner, payout: PrizeDue, code: string): Promise<string | null> {
    try {
      await tx.transaction(async (savepoint) => {
        const posted = await this.wallet.credit(savepoint, {
          ...owner,
          amountMinor: payout.prizeMinor,
          kind: 'leaderboard',
          idempotencyKey: prizeKey(payout.leaderboardId, payout.periodStart, payout.rank),
          reason: `Leaderboard ${code} ${payout.periodStart} rank ${payout.rank}`,
        });
        await repository.insertPayout(savepoint, { ...payout, movementId: posted.movementId, refused: null });
      });
      return null;
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
  }

  /** GET /wps/relay/MCSFE_getMissionLeaderboard: the brand's active boards with their standings and the member's. */
  async summary(
    owner: LeaderboardOwner,
    merchant: LeaderboardBrand,
    language: TranslatedLanguage,
  ): Promise<LeaderboardSummary> {
    const { timeZone, currency, currencyExponent } = merchant.brand;
    const now = this.clock();
    const boards = await repository.findActiveLeaderboards(this.db, merchant.id);
    const items = await Promise.all(boards.map((board) => this.toItem(board, owner, language, now, timeZone)));
    return { currency, currencyExponent, timeZone, items };
  }

  private async toItem(
    board: repository.LeaderboardRow,
    owner: LeaderboardOwner,
    language: TranslatedLanguage,
    now: Date,
    timeZone: string,
  ): Promise<LeaderboardItem> {
    const period = shownPeriod(board, now, timeZone);
    const [top, me, paid] = await Promise.all([
      repository.findStandings(this.db, board.id, period.start, LEADERBOARD_LIMITS.top),
      repository.findMemberStanding(this.db, board.id, period.start, owner.memberId),
      repository.findPaidPeriods(this.db, board.id, 1),
    ]);
    const last = paid[0];
    const lastPeriod = last
      ? {
          periodStart: last.periodStart,
          periodEnd: periodStarting(board, last.periodStart, timeZone).end,
          winners: (await repository.findPayouts(this.db, board.id, last.periodStart))
            .filter((payout) => payout.refused === null)
            .map((payout) => ({
              rank: payout.rank,
              account: maskAccount(payout.account),
              score: payout.score,
              isMe: payout.memberId === owner.memberId,
              prizeMinor: payout.prizeMinor,
            })),
        }
      : null;
    return {
      id: board.id,
      code: board.code,
      title: language === 'KO' ? board.titleKo : board.titleEn,
      summary: language === 'KO' ? board.summaryKo : board.summaryEn,
      measure: board.measure,
      gameType: (board.gameType as GameType | null) ?? null,
      minBetMinor: board.minBetMinor,
      period: board.period,
      periodStart: period.start,
      periodEnd: period.end,
      endsAt: period.endsAt.toISOString(),
      started: board.startsAt === null || Date.parse(board.startsAt) <= now.getTime(),
      startsAt: board.startsAt,
      prizesMinor: board.prizesMinor,
      top: top.map((row) => ({
        rank: row.rank,
        account: maskAccount(row.account),
        score: row.score,
        isMe: row.memberId === owner.memberId,
      })),
      me: me ?? null,
      lastPeriod,
    };
  }

  private async toBoLeaderboards(
    merchant: LeaderboardBrand,
    boards: repository.LeaderboardRow[],
  ): Promise<BoLeaderboard[]> {
    const { timeZone } = merchant.brand;
    const now = this.clock();
    const periods = boards.map((board) => ({
      leaderboardId: board.id,
      periodStart: shownPeriod(board, now, timeZone).start,
    }));
    const members = await repository.countMembers(this.db, periods);
    return boards.map((board, index) => ({
      id: board.id,
      code: board.code,
      titleKo: board.titleKo,
      titleEn: board.titleEn,
      summaryKo: board.summaryKo,
      summaryEn: board.summaryEn,
      measure: board.measure,
      gameType: (board.gameType as GameType | null) ?? null,
      minBetMinor: board.minBetMinor,
      period: board.period,
      prizesMinor: board.prizesMinor,
      startsAt: board.startsAt,
      endsAt: board.endsAt,
      active: board.active,
      version: board.version,
      createdAt: board.createdAt,
      updatedAt: board.updatedAt,
      currentPeriodStart: periods[index]!.periodStart,
      members: members.get(board.id) ?? 0,
    }));
  }

  private async boLeaderboard(merchant: LeaderboardBrand, leaderboardId: number): Promise<BoLeaderboard> {
    const board = await repository.findLeaderboard(this.db, merchant.id, leaderboardId);
    if (!board) throw new AppError('LEADERBOARD_NOT_FOUND');
    return (await this.toBoLeaderboards(merchant, [board]))[0]!;
  }

  /** The brand's boards, newest first (keyset by id), each with its current period's count of members. */
  async boLeaderboards(merchant: LeaderboardBrand, query: BoLeaderboardListQuery): Promise<BoLeaderboardPage> {
    const rows = await repository.findLeaderboards(this.db, merchant.id, {
      ...(query.active === undefined ? {} : { active: query.active }),
      beforeId: parseIdCursor(query.cursor),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    return {
      items: await this.toBoLeaderboards(merchant, page),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone: merchant.brand.timeZone,
    };
  }

  /**
   * A period's standings (the current one unless `periodStart` names another), at most 100 ranks with the accounts in
   * full: a paid period's ranks with their prizes and movements, the current one's with the prizes they would win.
   */
  async standings(
    merchant: LeaderboardBrand,
    leaderboardId: number,
    periodStart: string | undefined,
  ): Promise<BoLeaderboardStandings> {
    const { timeZone, currency, currencyExponent } = merchant.brand;
    const board = await repository.findLeaderboard(this.db, merchant.id, leaderboardId);
    if (!board) throw new AppError('LEADERBOARD_NOT_FOUND');
    const current = shownPeriod(board, this.clock(), timeZone);
    const period = periodStart === undefined ? current : periodStarting(board, periodStart, timeZone);
    const [rows, payouts, paidPeriods] = await Promise.all([
      repository.findStandings(this.db, board.id, period.start, STANDINGS_MAX),
      repository.findPayouts(this.db, board.id, period.start),
      repository.findPaidPeriods(this.db, board.id, 20),
    ]);
    const paid = paidPeriods.find((row) => row.periodStart === period.start) ?? null;
    const payoutOf = new Map(payouts.map((payout) => [payout.rank, payout] as const));
    const periods = [current.start, ...paidPeriods.map((row) => row.periodStart).filter((d) => d !== current.start)];
    return {
      leaderboardId: board.id,
      periodStart: period.start,
      periodEnd: period.end,
      current: period.start === current.start,
      paidAt: paid?.paidAt ?? null,
      paidMinor: paid?.paidMinor ?? 0,
      rows: rows.map((row) => {
        const payout = payoutOf.get(row.rank);
        const prizeMinor = paid ? (payout?.prizeMinor ?? null) : (board.prizesMinor[row.rank - 1] ?? null);
        return { ...row, prizeMinor, movementId: payout?.movementId ?? null, refused: payout?.refused ?? null };
      }),
      periods: periods.slice(0, 20),
      currency,
      currencyExponent,
    };
  }

  async create(actor: Actor, merchant: LeaderboardBrand, request: BoCreateLeaderboardRequest): Promise<BoLeaderboard> {
    checkLeaderboard(request.measure, request);
    const id = await this.db.transaction(async (tx) => {
      const id = await repository.insertLeaderboard(tx, { merchantId: merchant.id, ...request });
      if (id === undefined) throw new AppError('LEADERBOARD_CODE_TAKEN');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'leaderboards.create',
        targetType: 'leaderboard',
        targetId: request.code,
        after: request,
      });
      return id;
    });
    return this.boLeaderboard(merchant, id);
  }

  async update(
    actor: Actor,
    merchant: LeaderboardBrand,
    leaderboardId: number,
    request: BoUpdateLeaderboardRequest,
  ): Promise<BoLeaderboard> {
    const before = await repository.findLeaderboard(this.db, merchant.id, leaderboardId);
    if (!before) throw new AppError('LEADERBOARD_NOT_FOUND');
    const { version, ...fields } = request;
    checkLeaderboard(before.measure, fields);
    await this.save(actor, merchant, before, version, fields, 'leaderboards.update');
    return this.boLeaderboard(merchant, leaderboardId);
  }

  async deactivate(
    actor: Actor,
    merchant: LeaderboardBrand,
    leaderboardId: number,
    version: number,
  ): Promise<BoLeaderboard> {
    const before = await repository.findLeaderboard(this.db, merchant.id, leaderboardId);
    if (!before) throw new AppError('LEADERBOARD_NOT_FOUND');
    const fields = { ...fieldsOf(before), active: false };
    await this.save(actor, merchant, before, version, fields, 'leaderboards.deactivate');
    return this.boLeaderboard(merchant, leaderboardId);
  }

  private async save(
    actor: Actor,
    merchant: LeaderboardBrand,
    before: repository.LeaderboardRow,
    version: number,
    fields: repository.LeaderboardFields,
    action: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repository.updateLeaderboard(tx, merchant.id, before.id, version, fields))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action,
        targetType: 'leaderboard',
        targetId: before.code,
        before: { ...fieldsOf(before), version: before.version },
        after: fields,
      });
    });
  }
}

function fieldsOf(board: repository.LeaderboardRow): repository.LeaderboardFields {
  return {
    titleKo: board.titleKo,
    titleEn: board.titleEn,
    summaryKo: board.summaryKo,
    summaryEn: board.summaryEn,
    gameType: board.gameType,
    minBetMinor: board.minBetMinor,
    period: board.period,
    prizesMinor: board.prizesMinor,
    startsAt: board.startsAt,
    endsAt: board.endsAt,
    active: board.active,
  };
}

/**
 * A board's fields fit together (else LEADERBOARD_INVALID with the reason): a campaign has a start and an end, an end
 * follows the start, a minimum bet only on a multiplier board.
 */
function checkLeaderboard(measure: repository.LeaderboardRow['measure'], fields: repository.LeaderboardFields): void {
  const refuse = (reason: string) => {
    throw new AppError('LEADERBOARD_INVALID', { reason });
  };
  if (fields.period === 'campaign' && (fields.startsAt === null || fields.endsAt === null)) {
    refuse('a campaign needs startsAt and endsAt');
  }
  if (fields.startsAt !== null && fields.endsAt !== null && Date.parse(fields.endsAt) <= Date.parse(fields.startsAt)) {
    refuse('endsAt must follow startsAt');
  }
  if (measure === 'valid_bet' && fields.minBetMinor > 0) refuse('a minimum bet is for multiplier boards');
}

function parseIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = Number(cursor);
  if (!/^\d{1,18}$/.test(cursor) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}
