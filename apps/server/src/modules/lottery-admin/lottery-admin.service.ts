import {
  ERRORS,
  type BoSeaDrawsAwaiting,
  type BoVnDrawsAwaiting,
  type BoVoidedDraw,
  type ConfirmSeaResultRequest,
  type ConfirmVnResultRequest,
  type EnterSeaResultRequest,
  type EnterVnResultRequest,
  type ErrorCode,
  type VoidLotteryDrawRequest,
  type BoLotteryDraw,
  type BoLotteryDrawListQuery,
  type BoLotteryDrawPage,
  type BoLotteryGames,
  type BoLotterySettingsRow,
  type SetBoLotterySettingsRequest,
} from '@parlay/contract';
import {
  confirmSeaResult,
  confirmVnResult,
  enterSeaResult,
  enterVnResult,
  HouseError,
  listSeaDrawsAwaitingResult,
  listVnDrawsAwaitingResult,
  voidLotteryDraw,
  isLotteryGameCode,
  listLotteryDrawsPage,
  listLotterySettingRows,
  lotteryDrawReports,
  lotteryGameInfos,
  setLotterySettingsAtVersion,
  type DrawKeyset,
  type LotteryDrawAdmin,
  type LotteryGameCode,
  type StoredLotterySettings,
} from '@parlay/house-games';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';

/** The default brand of house.lottery_settings: every brand without settings of its own. */
const DEFAULT_BRAND = '*';

/** The brand as these pages need it: its code (the vendor's brand), id (the audit's) and currency. */
export interface LotteryBrand {
  id: number;
  code: string;
  currency: string;
}

/**
 * The lottery vendor's settings and draws for the back office (issue 38, decision 0070), which the vendor keeps in
 * its own schema of this database (house.lottery_*): read and changed through @parlay/house-games' functions, as
 * the house games' limits are (games/house-limits.service.ts); every change audited, saved with the version opened.
 */
export class LotteryAdminService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  /** Every game with the brand's own settings, the default ones and the rules' defaults. */
  async games(brand: LotteryBrand): Promise<BoLotteryGames> {
    const rows = await listLotterySettingRows(this.db, [DEFAULT_BRAND, brand.code]);
    const rowOf = (brandCode: string, gameCode: string) => {
      const row = rows.find((candidate) => candidate.brand === brandCode && candidate.gameCode === gameCode);
      return row ? toRow(row) : null;
    };
    return {
      currency: brand.currency,
      games: lotteryGameInfos().map((game) => ({
        ...game,
        own: rowOf(brand.code, game.code),
        fallback: rowOf(DEFAULT_BRAND, game.code),
      })),
    };
  }

  /**
   * One game's settings, the brand's own or the default ones (which every brand without its own uses, so only an
   * operator of every brand changes them). A version other than the stored one is BO_CHANGED_SINCE_OPENED and
   * writes nothing; what the vendor's rules refuse is VALIDATION_FAILED with the rule.
   */
  async setSettings(
    actor: Actor,
    brand: LotteryBrand,
    gameCode: string,
    request: SetBoLotterySettingsRequest,
    caller: { allBrands: boolean },
  ): Promise<BoLotteryGames> {
    const game = knownGame(gameCode);
    if (request.scope === 'default' && !caller.allBrands) throw new AppError('BO_PLATFORM_ONLY');
    const target = request.scope === 'default' ? DEFAULT_BRAND : brand.code;
    const settings = {
      odds: request.odds,
      closeSeconds: request.closeSeconds,
      maxLiabilityMinor: request.maxLiabilityMinor,
      enabled: request.enabled,
    };
    try {
      await this.db.transaction(async (tx) => {
        const before = (await listLotterySettingRows(tx, [target])).find((row) => row.gameCode === game);
        const written = await setLotterySettingsAtVersion(tx, target, game, settings, request.version);
        // Thrown inside the transaction, so a write found stale afterwards is rolled back too.
        if (!written) throw new AppError('BO_CHANGED_SINCE_OPENED');
        await this.audit.record(tx, {
          actor,
          merchantId: request.scope === 'default' ? null : brand.id,
          action: 'lottery.settings',
          targetType: 'lottery-settings',
          targetId: `${target}/${game}`,
          before: before ? auditView(before) : null,
          after: auditView(settings),
        });
      });
    } catch (error) {
      // The contract's schema holds the general rules; the game's own (its close, its bet types) are the vendor's.
      if (error instanceof RangeError)
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: '', message: error.message }] });
      throw error;
    }
    return this.games(brand);
  }

  /** A game's draws, newest first, each with the brand's slips, stakes, payouts and GGR in its currency. */
  async draws(brand: LotteryBrand, gameCode: string, query: BoLotteryDrawListQuery): Promise<BoLotteryDrawPage> {
    const game = knownGame(gameCode);
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await listLotteryDrawsPage(this.db, game, { ...(before ? { before } : {}), limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const reports = await lotteryDrawReports(
      this.db,
      page.map((draw) => draw.id),
      brand.code,
      brand.currency,
    );
    const items: BoLotteryDraw[] = page.map((draw) => {
      const report = reports.get(draw.id) ?? { slips: 0, openSlips: 0, stakeMinor: 0, payoutMinor: 0 };
      return { ...draw, result: toResult(draw.result), ...report, ggrMinor: report.stakeMinor - report.payoutMinor };
    });
    const last = page.at(-1);
    return {
      items,
      nextCursor:
        rows.length > query.limit && last ? encodeCursor({ drawsAt: Date.parse(last.drawsAt), id: last.id }) : null,
      currency: brand.currency,
    };
  }

  /**
   * Voids a draw: the vendor refunds its slips through the seamless wallet (its draw loop, within a pass). Draws are
   * every brand's, so only an operator of every brand voids one. Refused once a payout of it is written.
   */
  async voidDraw(
    actor: Actor,
    gameCode: string,
    drawNo: string,
    request: VoidLotteryDrawRequest,
    caller: { allBrands: boolean },
  ): Promise<BoVoidedDraw> {
    const game = knownGame(gameCode);
    if (!caller.allBrands) throw new AppError('BO_PLATFORM_ONLY');
    return vendorCall(() =>
      this.db.transaction(async (tx) => {
        const voided = await voidLotteryDraw(tx, {
          gameCode: game,
          drawNo,
          operatorId: vendorOperatorId(actor),
          reason: request.reason,
        });
        if (voided.voided) {
          await this.audit.record(tx, {
            actor,
            merchantId: null,
            action: 'lottery.draw.void',
            targetType: 'lottery-draw',
            targetId: `${game}/${drawNo}`,
            before: null,
            after: { reason: request.reason, refunds: voided.refunds },
          });
        }
        return { gameCode: voided.gameCode, drawNo: voided.drawNo, voided: voided.voided, refunds: voided.refunds };
      }),
    );
  }

  /** The regional draws past their time whose result is not published, oldest first, with the entry waiting. */
  async vnDrawsAwaiting(actor: Actor): Promise<BoVnDrawsAwaiting> {
    const me = vendorOperatorId(actor);
    const draws = await listVnDrawsAwaitingResult(this.db);
    return {
      items: draws.map((draw) => ({
        gameCode: draw.gameCode,
        drawNo: draw.drawNo,
        region: draw.region,
        province: draw.province,
        date: draw.date,
        drawsAt: draw.drawsAt,
        entry: draw.entry && entryOf(draw.entry, me),
      })),
    };
  }

  /**
   * Enters a regional draw's result as the state lottery published it, for another operator to confirm; an entry
   * not confirmed yet is replaced. The draw's region, company and date are the draw's own. Audited for the brand
   * the operator works in.
   */
  async enterVnResult(
    actor: Actor,
    brand: LotteryBrand,
    gameCode: string,
    drawNo: string,
    request: EnterVnResultRequest,
  ): Promise<BoVnDrawsAwaiting> {
    const game = knownGame(gameCode);
    const draw = (await listVnDrawsAwaitingResult(this.db)).find(
      (each) => each.gameCode === game && each.drawNo === drawNo,
    );
    if (!draw) throw new AppError(isGameOf(game, 'vn') ? 'BO_LOTTERY_DRAW_NOT_FOUND' : 'BO_LOTTERY_NOT_VN_GAME');
    const result = { region: draw.region, province: draw.province, date: draw.date, prizes: request.prizes };
    await vendorCall(() =>
      this.db.transaction(async (tx) => {
        const entry = await enterVnResult(tx, { gameCode: game, drawNo, result, operatorId: vendorOperatorId(actor) });
        await this.audit.record(tx, {
          actor,
          merchantId: brand.id,
          action: 'lottery.vn.enter',
          targetType: 'lottery-draw',
          targetId: `${game}/${drawNo}`,
          before: null,
          after: { prizes: request.prizes, version: entry.version },
        });
      }),
    );
    return this.vnDrawsAwaiting(actor);
  }

  /** Confirms the entry the operator checked (its version) and publishes it; never by the one who entered it. */
  async confirmVnResult(
    actor: Actor,
    brand: LotteryBrand,
    gameCode: string,
    drawNo: string,
    request: ConfirmVnResultRequest,
  ): Promise<BoVnDrawsAwaiting> {
    const game = knownGame(gameCode);
    await vendorCall(() =>
      this.db.transaction(async (tx) => {
        const published = await confirmVnResult(tx, {
          gameCode: game,
          drawNo,
          operatorId: vendorOperatorId(actor),
          version: request.version,
        });
        await this.audit.record(tx, {
          actor,
          merchantId: brand.id,
          action: 'lottery.vn.confirm',
          targetType: 'lottery-draw',
          targetId: `${game}/${drawNo}`,
          before: { enteredBy: published.enteredBy, version: request.version },
          after: { prizes: copyPrizes(published.result.prizes) },
        });
      }),
    );
    return this.vnDrawsAwaiting(actor);
  }

  /** The SEA 4D draws past their time whose result is not published, oldest first, with the entry waiting. */
  async seaDrawsAwaiting(actor: Actor): Promise<BoSeaDrawsAwaiting> {
    const me = vendorOperatorId(actor);
    const draws = await listSeaDrawsAwaitingResult(this.db);
    return {
      items: draws.map((draw) => ({
        gameCode: draw.gameCode,
        drawNo: draw.drawNo,
        operator: draw.operator,
        date: draw.date,
        drawsAt: draw.drawsAt,
        entry: draw.entry && entryOf(draw.entry, me),
      })),
    };
  }

  /**
   * Enters a SEA 4D draw's result as its operator (Magnum, Sports Toto, Da Ma Cai, Singapore Pools) published it,
   * for another operator to confirm, as enterVnResult: the draw's operator and date are the draw's own; the vendor's
   * checker refuses a tier without its count of four-digit numbers. Audited for the brand the operator works in.
   */
  async enterSeaResult(
    actor: Actor,
    brand: LotteryBrand,
    gameCode: string,
    drawNo: string,
    request: EnterSeaResultRequest,
  ): Promise<BoSeaDrawsAwaiting> {
    const game = knownGame(gameCode);
    const draw = (await listSeaDrawsAwaitingResult(this.db)).find(
      (each) => each.gameCode === game && each.drawNo === drawNo,
    );
    if (!draw) throw new AppError(isGameOf(game, 'sea') ? 'BO_LOTTERY_DRAW_NOT_FOUND' : 'BO_LOTTERY_NOT_SEA_GAME');
    // The schema types each tier; a tier left out or short is the vendor's checker's refusal, which names it.
    const result = { operator: draw.operator, date: draw.date, prizes: request.prizes as SeaPrizes };
    await vendorCall(() =>
      this.db.transaction(async (tx) => {
        const entry = await enterSeaResult(tx, { gameCode: game, drawNo, result, operatorId: vendorOperatorId(actor) });
        await this.audit.record(tx, {
          actor,
          merchantId: brand.id,
          action: 'lottery.sea.enter',
          targetType: 'lottery-draw',
          targetId: `${game}/${drawNo}`,
          before: null,
          after: { prizes: request.prizes, version: entry.version },
        });
      }),
    );
    return this.seaDrawsAwaiting(actor);
  }

  /** Confirms the SEA entry the operator checked (its version) and publishes it; never by the one who entered it. */
  async confirmSeaResult(
    actor: Actor,
    brand: LotteryBrand,
    gameCode: string,
    drawNo: string,
    request: ConfirmSeaResultRequest,
  ): Promise<BoSeaDrawsAwaiting> {
    const game = knownGame(gameCode);
    await vendorCall(() =>
      this.db.transaction(async (tx) => {
        const published = await confirmSeaResult(tx, {
          gameCode: game,
          drawNo,
          operatorId: vendorOperatorId(actor),
          version: request.version,
        });
        await this.audit.record(tx, {
          actor,
          merchantId: brand.id,
          action: 'lottery.sea.confirm',
          targetType: 'lottery-draw',
          targetId: `${game}/${drawNo}`,
          before: { enteredBy: published.enteredBy, version: request.version },
          after: { prizes: copyPrizes(published.result.prizes) },
        });
      }),
    );
    return this.seaDrawsAwaiting(actor);
  }
}

/** A SEA result's tiers as the vendor takes them. */
type SeaPrizes = Parameters<typeof enterSeaResult>[1]['result']['prizes'];

/** An entry waiting for its confirmation as the operator `me` sees it (a Vietnamese or SEA draw's). */
function entryOf(
  entry: {
    result: { prizes: Parameters<typeof copyPrizes>[0] };
    enteredBy: string;
    enteredAt: string;
    version: number;
  },
  me: string,
) {
  return {
    prizes: copyPrizes(entry.result.prizes),
    enteredBy: entry.enteredBy,
    enteredByYou: entry.enteredBy === me,
    enteredAt: entry.enteredAt,
    version: entry.version,
  };
}

/** The vendor's name for the operator in its own records of a draw's actions. */
function vendorOperatorId(actor: Actor): string {
  return actor.kind === 'operator' ? `operator:${actor.operatorId}` : `cli:${actor.osUser}`.slice(0, 128);
}

function isGameOf(gameCode: LotteryGameCode, family: 'vn' | 'sea'): boolean {
  return lotteryGameInfos().some((game) => game.code === gameCode && game.family === family);
}

/**
 * A vendor's refusal said as the back office's error of the same name (BO_LOTTERY_*, errors/backoffice.ts);
 * its bad-request as VALIDATION_FAILED.
 */
async function vendorCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HouseError)) throw error;
    const code = `BO_${error.code}`;
    if (code in ERRORS) throw new AppError(code as ErrorCode, error.value);
    if (error.code === 'HOUSE_BAD_REQUEST')
      throw new AppError('VALIDATION_FAILED', { issues: [{ path: '', message: JSON.stringify(error.value ?? {}) }] });
    throw error;
  }
}

function copyPrizes(prizes: Readonly<Record<string, readonly string[] | undefined>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(prizes).map(([tier, numbers]) => [tier, [...(numbers ?? [])]]));
}

function knownGame(gameCode: string): LotteryGameCode {
  if (!isLotteryGameCode(gameCode)) throw new AppError('BO_LOTTERY_GAME_NOT_FOUND');
  return gameCode;
}

/** The numbers drawn as the contract has them: fast digits, keno numbers, or a regional draw's tiers. */
function toResult(result: LotteryDrawAdmin['result']): BoLotteryDraw['result'] {
  if (result === null) return null;
  if ('prizes' in result) {
    return { prizes: copyPrizes(result.prizes) };
  }
  return 'digits' in result ? { digits: result.digits } : { numbers: result.numbers };
}

function toRow(row: StoredLotterySettings): BoLotterySettingsRow {
  return {
    enabled: row.enabled,
    closeSeconds: row.closeSeconds,
    maxLiabilityMinor: row.maxLiabilityMinor,
    odds: row.odds,
    version: row.version,
  };
}

/** What the audit keeps of a change: the settings, with only the prize modes it sets. */
function auditView(settings: Omit<StoredLotterySettings, 'brand' | 'gameCode' | 'version'>) {
  return {
    enabled: settings.enabled,
    closeSeconds: settings.closeSeconds,
    maxLiabilityMinor: settings.maxLiabilityMinor,
    odds: settings.odds,
  };
}

/** A page's cursor: the last draw's time (epoch ms) and id, as `ms.id`. */
function encodeCursor(keyset: DrawKeyset): string {
  return `${keyset.drawsAt}.${keyset.id}`;
}

function decodeCursor(cursor: string): DrawKeyset {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(cursor);
  if (!match) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return { drawsAt: Number(match[1]), id: Number(match[2]) };
}
