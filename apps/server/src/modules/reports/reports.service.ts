import type {
  Dashboard,
  DashboardPoint,
  DashboardQuery,
  DailyReportExportQuery,
  DailyReportPage,
  DailyReportQuery,
  DailyReportRow,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import * as feedRepository from './reports-feed.repository';
import * as repository from './reports.repository';
import { formatMinor } from '../../lib/amount-format';

/** The reports' checkpoint in the settlement feed. */
export const REPORTS_CONSUMER = 'reports';

/** Rows the CSV export reads at a time: a month of a busy brand is never held in memory at once. */
export const EXPORT_PAGE_ROWS = 1_000;

/** Today's date (YYYY-MM-DD) in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The date `days` after `date` (YYYY-MM-DD; negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** One CSV field; text that a spreadsheet would run as a formula starts with a quote mark instead. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  // A number (an amount formatted in major units too) is written as it is: a GGR may be negative.
  if (typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(value)) return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

function encodeCursor(key: repository.ReportKey): string {
  return Buffer.from(JSON.stringify([key.day, ...key.key])).toString('base64url');
}

function decodeCursor(cursor: string, level: repository.ReportLevel): repository.ReportKey {
  const refuse = () =>
    new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  if (!CURSOR_PATTERN.test(cursor)) throw refuse();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  const keys = { brand: 0, vendor: 1, category: 1, game: 2 }[level];
  if (!Array.isArray(parsed) || parsed.length !== keys + 1) throw refuse();
  const [day, ...key] = parsed as unknown[];
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw refuse();
  const valid = key.every((part) =>
    level === 'category'
      ? typeof part === 'string' && /^[A-Z]{0,12}$/.test(part)
      : Number.isSafeInteger(part) && (part as number) >= 0,
  );
  if (!valid) throw refuse();
  return { day, key: key as (string | number)[] };
}

function toRow(row: repository.ReportRow, level: repository.ReportLevel): DailyReportRow {
  const brandLevel = level === 'brand';
  return {
    day: row.day,
    vassalage: row.vassalage,
    vendorName: row.vendorName,
    gameCode: row.gameCode,
    gameName: row.gameName,
    gameType: row.gameType,
    turnoverMinor: row.turnoverMinor,
    validBetMinor: row.validBetMinor,
    payoutMinor: row.payoutMinor,
    ggrMinor: row.turnoverMinor - row.payoutMinor,
    rounds: row.rounds,
    players: row.players,
    signups: brandLevel ? row.signups : null,
    depositMinor: brandLevel ? row.depositMinor : null,
    withdrawalMinor: brandLevel ? row.withdrawalMinor : null,
  };
}

/**
 * The reports' consumer of the settlement feed: each batch's figures go into the day and hour aggregates,
 * and its players into the day sets, in the batch's transaction (decision 0034).
 */
export class ReportsFeedConsumer implements FeedConsumer {
  readonly name = REPORTS_CONSUMER;

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    await feedRepository.addFigures(tx, batch.after, batch.last);
    await feedRepository.addPlayerDays(tx, batch.after, batch.last);
  }
}

/**
 * The back office's dashboard and daily reports of a brand, read from the aggregates the reports' feed
 * consumer keeps (never from the rounds), so a page costs the same at any volume.
 */
export class ReportsService {
  readonly feedConsumer = new ReportsFeedConsumer();

  /** `clock` lets a test say what "today" is. */
  constructor(
    private readonly db: Database,
    private readonly feed: SettlementFeedService,
    private readonly clock: { now(): Date } = { now: () => new Date() },
  ) {}

  /** Applies what settled since the reports' checkpoint (the settlement-feed job calls it). */
  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /** Counts each brand's sign-ups again: its yesterday and today, or every day (the first run of a process). */
  refreshSignups(days: 'yesterday' | 'all'): Promise<number> {
    return feedRepository.recountSignups(this.db, days);
  }

  /** The days a dashboard period covers, in the brand's time zone. */
  periodOf(merchant: Merchant, query: DashboardQuery): { from: string; to: string } {
    const today = localDate(this.clock.now(), merchant.brand.timeZone);
    switch (query.period) {
      case 'today':
        return { from: today, to: today };
      case '7d':
        return { from: addDays(today, -6), to: today };
      case '30d':
        return { from: addDays(today, -29), to: today };
      case 'custom':
        // The contract's schema requires both for a custom period.
        return { from: query.from ?? today, to: query.to ?? today };
      default:
        throw new Error('unknown period');
    }
  }

  async getDashboard(merchant: Merchant, query: DashboardQuery): Promise<Dashboard> {
    const { from, to } = this.periodOf(merchant, query);
    const { timeZone } = merchant.brand;
    const byHour = from === to;
    const [totals, players, days, dayPlayers, hours, categories, categoryPlayers, vendors, vendorPlayers, feed] =
      await Promise.all([
        repository.sumBrandDays(this.db, merchant.id, from, to),
        repository.countPeriodPlayers(this.db, merchant.id, '*', from, to),
        byHour ? Promise.resolve([]) : repository.findBrandDays(this.db, merchant.id, from, to),
        byHour
          ? Promise.resolve(new Map<string, number>())
          : repository.countPlayersByDay(this.db, merchant.id, '*', from, to),
        byHour ? repository.findBrandHours(this.db, merchant.id, timeZone, from, to) : Promise.resolve([]),
        repository.sumByCategory(this.db, merchant.id, from, to),
        repository.countPeriodPlayers(this.db, merchant.id, 'c:', from, to),
        repository.sumByVendor(this.db, merchant.id, from, to),
        repository.countPeriodPlayers(this.db, merchant.id, 'v:', from, to),
        this.feed.findCheckpoint(REPORTS_CONSUMER),
      ]);
    const round = (figures: repository.RoundFigures) => ({
      turnoverMinor: figures.turnoverMinor,
      validBetMinor: figures.validBetMinor,
      payoutMinor: figures.payoutMinor,
      ggrMinor: figures.turnoverMinor - figures.payoutMinor,
      rounds: figures.rounds,
    });
    let series: DashboardPoint[];
    if (byHour) {
      series = hours.map((hour) => ({
        at: hour.hour,
        ...round(hour),
        activePlayers: null,
        signups: null,
        depositMinor: hour.depositMinor,
        withdrawalMinor: hour.withdrawalMinor,
      }));
    } else {
      const stored = new Map(days.map((day) => [day.day, day]));
      series = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const figures = stored.get(day);
        series.push({
          at: day,
          ...round(figures ?? { turnoverMinor: 0, validBetMinor: 0, payoutMinor: 0, rounds: 0 }),
          activePlayers: dayPlayers.get(day) ?? 0,
          signups: figures?.signups ?? 0,
          depositMinor: figures?.depositMinor ?? 0,
          withdrawalMinor: figures?.withdrawalMinor ?? 0,
        });
      }
    }
    return {
      brand: merchant.code,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone,
      from,
      to,
      granularity: byHour ? 'hour' : 'day',
      totals: {
        ...round(totals),
        activePlayers: players.get('*') ?? 0,
        signups: totals.signups,
        depositMinor: totals.depositMinor,
        deposits: totals.deposits,
        withdrawalMinor: totals.withdrawalMinor,
        withdrawals: totals.withdrawals,
      },
      series,
      byCategory: categories.map((category) => ({
        gameType: category.gameType,
        ...round(category),
        activePlayers: categoryPlayers.get(`c:${category.gameType}`) ?? 0,
      })),
      byVendor: vendors.map((vendor) => ({
        vassalage: vendor.vassalage,
        vendorName: vendor.vendorName,
        ...round(vendor),
        activePlayers: vendorPlayers.get(`v:${vendor.vendorId}`) ?? 0,
      })),
      updatedAt: feed?.updatedAt ?? null,
    };
  }

  /** A page of the daily report, newest day first (keyset paging). */
  async listDailyRows(merchant: Merchant, query: DailyReportQuery): Promise<DailyReportPage> {
    const start = query.cursor === undefined ? null : decodeCursor(query.cursor, query.level);
    const filter = await this.filterOf(query);
    const rows = await repository.findReportRows(this.db, merchant.id, filter, start, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => toRow(row, query.level)),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.next) : null,
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
    };
  }

  /**
   * The daily report of a period as CSV lines (a header, then every row), read EXPORT_PAGE_ROWS at a time as
   * the caller takes them: the reply streams while the next page is read. Amounts are in major units.
   */
  async *exportDailyRows(merchant: Merchant, query: DailyReportExportQuery): AsyncGenerator<string> {
    const filter = await this.filterOf(query);
    const exponent = merchant.brand.currencyExponent;
    const money = (minor: number | null) => (minor === null ? null : formatMinor(minor, exponent));
    yield `${[
      'day',
      'vendor',
      'vendor_name',
      'game',
      'game_name',
      'category',
      'currency',
      'turnover',
      'valid_bets',
      'payouts',
      'ggr',
      'rounds',
      'players',
      'signups',
      'deposits',
      'withdrawals',
    ].join(',')}\r\n`;
    let start: repository.ReportKey | null = null;
    for (;;) {
      const rows = await repository.findReportRows(this.db, merchant.id, filter, start, EXPORT_PAGE_ROWS);
      if (rows.length > 0) {
        yield rows
          .map((stored) => {
            const row = toRow(stored, query.level);
            return `${[
              row.day,
              row.vassalage,
              row.vendorName,
              row.gameCode,
              row.gameName,
              row.gameType,
              merchant.brand.currency,
              money(row.turnoverMinor),
              money(row.validBetMinor),
              money(row.payoutMinor),
              money(row.ggrMinor),
              row.rounds,
              row.players,
              row.signups,
              money(row.depositMinor),
              money(row.withdrawalMinor),
            ]
              .map(csvField)
              .join(',')}\r\n`;
          })
          .join('');
      }
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_PAGE_ROWS) return;
      start = last.next;
    }
  }

  private async filterOf(query: DailyReportExportQuery): Promise<repository.ReportFilter> {
    // An unknown vendor has no rows: the filter matches none rather than being refused.
    const vendorId =
      query.vassalage === undefined ? undefined : ((await repository.findVendorId(this.db, query.vassalage)) ?? -1);
    return { level: query.level, from: query.from, to: query.to, vendorId, gameType: query.gameType };
  }
}
