import {
  CONTRACT_KINDS,
  type AgentIncome,
  type AgentIncomeQuery,
  type ContractKind,
  type PaySettlementRunResult,
  type SettlementLine,
  type SettlementRhythm,
  type SettlementRunLines,
  type SettlementRuns,
  type SettlementRunsQuery,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkPeriod, dayStart, addDays } from '../../lib/calendar';
import type { Actor, AuditService } from '../audit/index';
import type { Merchant } from '../merchant/index';
import { MEMBER_FIGURES_CONSUMER } from '../member-figures/index';
import { rebatesPaidBetween } from '../rebates/index';
import type { SettlementFeedService } from '../settlement-feed/index';
import type { WalletService } from '../wallet/index';
import type { AgentCaller } from './agents.service';
import { settle } from './settlement-calc';
import { daysOf, periodAfter, periodAt, rhythmsOf, type SettlementPeriod } from './settlement-periods';
import * as repository from './settlements.repository';

/** A period is settled this long after its end, and only once the members' figures hold every round before it. */
export const SETTLEMENT_GRACE_MS = 60_000;
/** Most periods of one kind and rhythm a run settles (a brand catching up after a stop takes a few runs). */
export const SETTLEMENT_PERIODS_PER_RUN = 500;
/** Lines paid in one transaction. */
export const SETTLEMENT_PAY_BATCH = 50;

export interface SettleResult {
  /** Periods settled (runs written). */
  settled: number;
  /** Lines written with money to pay. */
  due: number;
  /** Lines paid. */
  paid: number;
  /** Lines left pending (their payer short). */
  pending: number;
}

/** Only what toCursor answers: a line's period end (ms, base 36) and id. */
function toCursor(line: { periodEnd: string; id: number }): string {
  return `${Date.parse(line.periodEnd).toString(36)}_${line.id.toString(36)}`;
}

function parseCursor(cursor: string): { periodEnd: string; id: number } {
  const match = /^([0-9a-z]{1,11})_([0-9a-z]{1,11})$/.exec(cursor);
  const at = match ? Number.parseInt(match[1]!, 36) : Number.NaN;
  const id = match ? Number.parseInt(match[2]!, 36) : Number.NaN;
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(id) || id <= 0) throw new AppError('GAME_CURSOR_INVALID');
  return { periodEnd: new Date(at).toISOString(), id };
}

function toLine(row: repository.LineRow, viewerId: number | null): SettlementLine {
  return {
    id: row.id,
    contractId: row.contractId,
    kind: row.kind,
    salaryType: row.salaryType,
    rhythm: row.rhythm,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    agentAccount: row.agentAccount,
    payerAccount: row.payerAccount,
    direction: viewerId === null || row.agentId === viewerId ? 'earned' : 'paid_out',
    activeMembers: row.activeMembers,
    validBetMinor: row.validBetMinor,
    profitLossMinor: row.profitLossMinor,
    rateBp: row.rateBp,
    baseMinor: row.baseMinor,
    amountMinor: row.amountMinor,
    carryMinor: row.carryMinor,
    // Not tried yet reads as waiting, as a short payer does.
    status: row.status === 'due' ? 'pending' : row.status,
    settledAt: row.settledAt,
    paidAt: row.paidAt,
  };
}

/**
 * Contract settlement (docs/decisions/0068-contract-settlement-runs.md): every period of every kind, once it has ended
 * (and the grace and the feed allow), is settled for each brand in one transaction — its run row claimed by key, each
 * contract in force at its end given a line by the arithmetic of decision 0067 over the team figures read from the
 * members' slots, hours or days — then its lines are paid top agents first, each in the transaction that marks it, as
 * a wallet movement keyed by the line: from the brand for a top agent, from the upline's wallet else; an upline short
 * leaves the line pending, tried again at each run. Run twice, on two instances, or after a kill, it pays each line
 * once.
 */
export class AgentSettlementService {
  private clockOffsetMs = 0;

  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly feed: SettlementFeedService,
    private readonly audit: AuditService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The settlement's clock (a journey moves it with DEV_CLOCK_API, never in production). */
  now(): Date {
    return new Date(this.clock().getTime() + this.clockOffsetMs);
  }

  /** Moves the settlement's clock forward by `ms` (DEV_CLOCK_API). */
  advanceClock(ms: number): Date {
    this.clockOffsetMs += ms;
    return this.now();
  }

  /** The job's work: every brand's due periods settled, then every open line tried. */
  async settleDue(): Promise<SettleResult> {
    const result: SettleResult = { settled: 0, due: 0, paid: 0, pending: 0 };
    const dueBefore = new Date(this.now().getTime() - SETTLEMENT_GRACE_MS);
    for (const brand of await repository.findSettlingBrands(this.db)) {
      for (const kind of CONTRACT_KINDS) {
        for (const rhythm of rhythmsOf(kind)) {
          const { settled, due } = await this.settleRhythm(brand, kind, rhythm, dueBefore);
          result.settled += settled;
          result.due += due;
        }
      }
      const paid = await this.payOpen(brand);
      result.paid += paid.paid;
      result.pending += paid.pending;
    }
    return result;
  }

  /** The kind's periods on `rhythm` that ended before `dueBefore` and are not settled, oldest first. */
  private async settleRhythm(
    brand: repository.SettlingBrand,
    kind: ContractKind,
    rhythm: SettlementRhythm,
    dueBefore: Date,
  ): Promise<{ settled: number; due: number }> {
    const start = await repository.findRhythmStart(this.db, brand.merchantId, kind, rhythm);
    let period: SettlementPeriod;
    if (start.lastRunStart) {
      period = periodAfter(rhythm, periodAt(rhythm, start.lastRunStart, brand.timeZone), brand.timeZone);
    } else if (start.firstActivation) {
      period = periodAt(rhythm, start.firstActivation, brand.timeZone);
    } else {
      return { settled: 0, due: 0 };
    }
    let settled = 0;
    let due = 0;
    while (period.end <= dueBefore && settled < SETTLEMENT_PERIODS_PER_RUN) {
      // Periods where nobody of the brand played have no line to write: go to the next one with figures (a brand's
      // first start settles its days of history, not every 5 minutes of them).
      const active = await repository.findFirstActivity(
        this.db,
        brand.merchantId,
        rhythm,
        period.start,
        dueBefore,
        brand.timeZone,
      );
      if (active === undefined) break;
      if (active >= period.end) period = periodAt(rhythm, active, brand.timeZone);
      if (period.end > dueBefore) break;
      if (await this.feed.feedBehindBefore(MEMBER_FIGURES_CONSUMER, period.end)) break;
      const written = await this.settlePeriod(brand, kind, rhythm, period);
      if (written !== undefined) {
        settled += 1;
        due += written;
      }
      period = periodAfter(rhythm, period, brand.timeZone);
    }
    return { settled, due };
  }

  /**
   * One period in one transaction: the run's row (a run already there: another instance settled it, undefined), the
   * contracts in force at its end, their teams' figures, a dividend's carried loss, and their lines. Lines are kept
   * for every contract whose team played, or that carries a loss; answers how many have money to pay.
   */
  async settlePeriod(
    brand: repository.SettlingBrand,
    kind: ContractKind,
    rhythm: SettlementRhythm,
    period: SettlementPeriod,
  ): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const runId = await repository.claimRun(tx, brand.merchantId, kind, rhythm, period);
      if (runId === undefined) return undefined;
      const contracts = await repository.findContractsInForce(tx, brand.merchantId, kind, rhythm, period.end);
      if (contracts.length === 0) return 0;
      const agentIds = [...new Set(contracts.map((contract) => contract.agentId))];
      const figures = await repository.findTeamFiguresOver(
        tx,
        brand.merchantId,
        agentIds,
        rhythm,
        period,
        daysOf(rhythm, period, brand.timeZone),
      );
      // A brand that forgets a won period gives no carry in and keeps none out.
      const carries =
        kind === 'dividend' && brand.dividendCarriesLoss !== false
          ? await repository.findCarries(
              tx,
              contracts.map((contract) => contract.contractId),
              period.start,
            )
          : new Map<number, number>();
      const zero = { activeMembers: 0, validBetMinor: 0, profitLossMinor: 0 };
      const levelOf = new Map(contracts.map((contract) => [contract.contractId, contract.agentLevel]));
      const lines = settle(contracts, (agentId) => figures.get(agentId) ?? zero, carries)
        .map((line) => ({
          ...line,
          carryMinor: brand.dividendCarriesLoss === false ? 0 : line.carryMinor,
          agentLevel: levelOf.get(line.contractId) ?? 0,
          figures: figures.get(line.agentId) ?? zero,
        }))
        .filter(
          (line) =>
            line.amountMinor > 0 ||
            line.carryMinor < 0 ||
            line.figures.validBetMinor !== 0 ||
            line.figures.profitLossMinor !== 0,
        );
      await repository.insertLines(tx, runId, brand.merchantId, period, lines);
      return lines.filter((line) => line.amountMinor > 0).length;
    });
  }

  /**
   * Pays the brand's open lines (of one run when `runId`), top agents first, SETTLEMENT_PAY_BATCH a transaction: each
   * line locked, its movement keyed by it, marked paid in the same transaction; a payer short marks it pending. Other
   * instances' locked lines are skipped (they are paying them).
   */
  async payOpen(
    brand: Pick<repository.SettlingBrand, 'merchantId' | 'currency'>,
    runId?: number,
  ): Promise<{ paid: number; pending: number }> {
    let paid = 0;
    let pending = 0;
    let after: { agentLevel: number; id: number } | undefined;
    // Each member's balance is announced once, after the last batch (an agent is paid and pays in many).
    const members = new Set<number>();
    for (;;) {
      const outcome = await this.db.transaction(async (tx) => {
        const lines = await repository.claimOpenLines(tx, brand.merchantId, SETTLEMENT_PAY_BATCH, { runId, after });
        // Every wallet of the batch made and locked first, in id order: two instances paying lines of the same
        // uplines wait for each other rather than take the wallets in different orders (a deadlock).
        await this.wallet.ensureAndLockMemberWallets(tx, {
          merchantId: brand.merchantId,
          currency: brand.currency,
          memberIds: lines.flatMap((line) => (line.payerId === null ? [line.agentId] : [line.agentId, line.payerId])),
        });
        const batch = { claimed: lines.length, paid: 0, pending: 0, members: [] as number[] };
        for (const line of lines) {
          after = { agentLevel: line.agentLevel, id: line.id };
          if (await this.payLine(tx, brand, line)) {
            batch.paid += 1;
            batch.members.push(line.agentId, ...(line.payerId === null ? [] : [line.payerId]));
          } else {
            batch.pending += 1;
          }
        }
        return batch;
      });
      paid += outcome.paid;
      pending += outcome.pending;
      for (const memberId of outcome.members) members.add(memberId);
      if (outcome.claimed < SETTLEMENT_PAY_BATCH) break;
    }
    for (const memberId of members) {
      await this.wallet.announceTotal({ merchantId: brand.merchantId, memberId, currency: brand.currency });
    }
    return { paid, pending };
  }

  /**
   * One line's payment in the caller's transaction: true when paid, false (marked pending) when its payer is short or
   * the receiver's balance would pass the most an amount can be. Neither refusal writes anything (the wallet checks
   * before it posts), so no savepoint is needed around it.
   */
  private async payLine(
    tx: Executor,
    brand: Pick<repository.SettlingBrand, 'merchantId' | 'currency'>,
    line: repository.OpenLine,
  ): Promise<boolean> {
    const kind = line.kind === 'dividend' ? 'agent_dividend' : 'agent_salary';
    const idempotencyKey = `agent-settlement:${line.id}`;
    const reason = `${line.kind} ${line.periodStart}..${line.periodEnd}`;
    const overLimit = (error: unknown) => {
      if (error instanceof AppError && error.code === 'WALLET_BALANCE_LIMIT') return undefined;
      throw error;
    };
    const posted =
      line.payerId === null
        ? await this.wallet
            .credit(tx, {
              merchantId: brand.merchantId,
              memberId: line.agentId,
              currency: brand.currency,
              amountMinor: line.amountMinor,
              kind,
              idempotencyKey,
              reason,
            })
            .catch(overLimit)
        : await this.wallet
            .transferBetweenMembers(tx, {
              merchantId: brand.merchantId,
              currency: brand.currency,
              fromMemberId: line.payerId,
              toMemberId: line.agentId,
              amountMinor: line.amountMinor,
              kind,
              idempotencyKey,
              reason,
            })
            .catch(overLimit);
    if (posted === undefined) {
      await repository.markPending(tx, line.id);
      return false;
    }
    await repository.markPaid(tx, line.id, posted.movementId);
    return true;
  }

  /** GET /wps/agent/income: the caller's lines earned and paid out, of periods ending in the brand days [from, to]. */
  async income(
    caller: AgentCaller,
    merchant: Pick<Merchant, 'brand'>,
    request: AgentIncomeQuery,
  ): Promise<AgentIncome> {
    const { timeZone, currency, currencyExponent } = merchant.brand;
    const { from, to } = checkPeriod(request.from, request.to);
    const range = { from: dayStart(from, timeZone), to: dayStart(addDays(to, 1), timeZone) };
    const after = request.cursor === undefined ? undefined : parseCursor(request.cursor);
    const [rows, sums, rebateMinor] = await Promise.all([
      repository.findAgentLines(this.db, {
        agentId: caller.memberId,
        ...range,
        kind: request.kind,
        limit: request.limit + 1,
        after,
      }),
      repository.sumAgentLines(this.db, { agentId: caller.memberId, ...range, kind: request.kind }),
      rebatesPaidBetween(this.db, caller.memberId, range.from, range.to),
    ]);
    const page = rows.slice(0, request.limit);
    const byKind = sums.map((sum) => ({
      kind: sum.kind,
      earnedMinor: sum.earned,
      paidOutMinor: sum.paidOut,
      netMinor: sum.earned - sum.paidOut,
      pendingInMinor: sum.pendingIn,
      pendingOutMinor: sum.pendingOut,
    }));
    const total = (field: keyof (typeof byKind)[number] & `${string}Minor`) =>
      byKind.reduce((sum, row) => sum + row[field], 0);
    return {
      currency,
      currencyExponent,
      timeZone,
      from,
      to,
      totals: {
        earnedMinor: total('earnedMinor'),
        paidOutMinor: total('paidOutMinor'),
        netMinor: total('netMinor'),
        pendingInMinor: total('pendingInMinor'),
        pendingOutMinor: total('pendingOutMinor'),
      },
      byKind,
      rebateMinor,
      lines: page.map((row) => toLine(row, caller.memberId)),
      nextCursor: rows.length > request.limit ? toCursor(page[page.length - 1]!) : null,
    };
  }

  /** The back office's runs of the brand, newest first, a keyset page at a time (the cursor: the page's last run). */
  async runs(merchant: Pick<Merchant, 'id' | 'brand'>, request: SettlementRunsQuery): Promise<SettlementRuns> {
    const before = request.cursor === undefined ? undefined : Number(request.cursor);
    if (before !== undefined && (!/^\d{1,18}$/.test(request.cursor!) || !Number.isSafeInteger(before))) {
      throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
    }
    const [rows, pending] = await Promise.all([
      repository.findRuns(this.db, merchant.id, {
        kind: request.kind,
        pendingOnly: request.pendingOnly,
        limit: request.limit + 1,
        before,
      }),
      repository.sumPending(this.db, merchant.id),
    ]);
    const runs = rows.slice(0, request.limit);
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      timeZone: merchant.brand.timeZone,
      runs,
      nextCursor: rows.length > request.limit ? String(runs.at(-1)!.id) : null,
      pendingLines: pending.lines,
      pendingMinor: pending.minor,
    };
  }

  /** One run and its lines; not the brand's: AGENT_SETTLEMENT_NOT_FOUND. */
  async runLines(merchant: Pick<Merchant, 'id'>, runId: number): Promise<SettlementRunLines> {
    const run = await repository.findRun(this.db, merchant.id, runId);
    if (!run) throw new AppError('AGENT_SETTLEMENT_NOT_FOUND');
    const lines = await repository.findRunLines(this.db, runId);
    return { run, lines: lines.map((line) => toLine(line, null)) };
  }

  /**
   * An operator's retry of a run's pending lines: each paid once by its key, the short left pending. The request is
   * audited before the first payment, with what was pending when it was made, so a crash mid-payment still leaves
   * who asked; what it paid is each line's own record (paid, with its movement and time).
   */
  async payRun(merchant: Pick<Merchant, 'id' | 'brand'>, runId: number, actor: Actor): Promise<PaySettlementRunResult> {
    const run = await repository.findRun(this.db, merchant.id, runId);
    if (!run) throw new AppError('AGENT_SETTLEMENT_NOT_FOUND');
    await this.audit.record(this.db, {
      actor,
      merchantId: merchant.id,
      action: 'agents.settlement_pay',
      targetType: 'agent_settlement',
      targetId: runId,
      before: { pendingLines: run.pendingLines, pendingMinor: run.pendingMinor },
    });
    const brand = { merchantId: merchant.id, currency: merchant.brand.currency };
    const { paid } = await this.payOpen(brand, runId);
    const after = await repository.findRun(this.db, merchant.id, runId);
    return { paid, stillPending: after?.pendingLines ?? 0 };
  }
}
