import {
  MEMBER_PERIOD_MAX_DAYS,
  type MemberTransaction,
  type MemberTransactions,
  type MemberTransactionsFilter,
  type MemberTransactionsQuery,
  type MemberTransactionType,
  type TranslatedLanguage,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './member-transactions.repository';
import { formatMinor } from '../../lib/amount-format';

/**
 * The ledger's kinds (wallet_movements.kind) of each type a member sees. A kind the platform adds is listed here
 * to be seen at all ('transfer' is the multi-wallet brands' movement between a member's wallets).
 */
export const MOVEMENT_KINDS_OF_TYPE: Record<MemberTransactionType, readonly string[]> = {
  bet: ['vendor_debit'],
  win: ['vendor_credit'],
  refund: ['vendor_rollback', 'round_cancel'],
  adjustment: ['adjustment'],
  transfer: ['transfer'],
  uplineTransfer: ['upline_transfer'],
  downlineTransfer: ['downline_transfer'],
  deposit: ['deposit'],
  // The payout (withdrawal_payout) moves the held money between two brand accounts: not the member's money.
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'withdrawal_refund'],
  pointMall: ['point_purchase', 'point_purchase_refund'],
  pointConversion: ['point_conversion'],
  vipBonus: ['vip_bonus'],
  bonus: ['bonus', 'bonus_forfeit', 'bonus_release'],
  rebate: ['rebate'],
  mission: ['mission'],
  leaderboard: ['leaderboard'],
  referral: ['referral'],
  raffle: ['raffle'],
  // A dividend or a salary (decision 0068): paid by the brand, or by the upline (the receiver's side read by its line).
  agentIncome: ['agent_dividend', 'agent_salary'],
};

const TYPE_OF_KIND = new Map<string, MemberTransactionType>(
  Object.entries(MOVEMENT_KINDS_OF_TYPE).flatMap(([type, kinds]) =>
    kinds.map((kind) => [kind, type as MemberTransactionType] as const),
  ),
);

/** The types' names in the CSV, in the member's language (the page names them from its own texts). */
const TYPE_NAMES: Record<TranslatedLanguage, Record<MemberTransactionType, string>> = {
  KO: {
    bet: '베팅',
    win: '당첨',
    refund: '환불',
    adjustment: '조정',
    transfer: '지갑 이체',
    uplineTransfer: '상위 에이전트 송금',
    downlineTransfer: '하위 회원 송금',
    deposit: '입금',
    withdrawal: '출금',
    pointMall: '포인트몰',
    pointConversion: '포인트 전환',
    vipBonus: 'VIP 보너스',
    bonus: '보너스',
    rebate: '캐시백',
    mission: '미션 보상',
    leaderboard: '리더보드 상금',
    referral: '추천 보상',
    raffle: '래플 당첨금',
    agentIncome: '에이전트 수익',
  },
  EN: {
    bet: 'Bet',
    win: 'Win',
    refund: 'Refund',
    adjustment: 'Adjustment',
    transfer: 'Transfer',
    uplineTransfer: 'Upline transfer',
    downlineTransfer: 'Downline transfer',
    deposit: 'Deposit',
    withdrawal: 'Withdrawal',
    pointMall: 'Points mall',
    pointConversion: 'Points converted',
    vipBonus: 'VIP bonus',
    bonus: 'Bonus',
    rebate: 'Cashback',
    mission: 'Mission reward',
    leaderboard: 'Leaderboard prize',
    referral: 'Referral reward',
    raffle: 'Raffle prize',
    agentIncome: 'Agent income',
  },
};

const CSV_HEADER: Record<TranslatedLanguage, string[]> = {
  KO: ['시간', '거래 번호', '유형', '금액', '잔액', '통화', '게임', '게임사', '라운드', '비고'],
  EN: ['time', 'transaction_no', 'type', 'amount', 'balance_after', 'currency', 'game', 'vendor', 'round', 'note'],
};

/** Movements the CSV export reads at a time: a member's years are never held in memory at once. */
export const EXPORT_PAGE_ROWS = 1_000;

/** A day that exists: 2026-02-30 matches the contract's pattern but is not one. */
function isDay(value: string): boolean {
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
}

/** Both ends or neither; real days, in order, at most MEMBER_PERIOD_MAX_DAYS days (as the betting records). */
function checkPeriod(filter: MemberTransactionsFilter): { from: string; to: string } | null {
  if (filter.from === undefined && filter.to === undefined) return null;
  const { from, to } = filter;
  if (from === undefined || to === undefined || !isDay(from) || !isDay(to)) throw new AppError('WALLET_PERIOD_INVALID');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1 || days > MEMBER_PERIOD_MAX_DAYS) throw new AppError('WALLET_PERIOD_INVALID');
  return { from, to };
}

/** The cursor is the page's last movement number in base 36; only what this service answers is taken. */
function parseCursor(cursor: string): number {
  const id = /^[0-9a-z]{1,11}$/.test(cursor) ? Number.parseInt(cursor, 36) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('GAME_CURSOR_INVALID');
  return id;
}

/** One CSV field; text a spreadsheet would run as a formula (an operator's note) starts with a quote mark. */
function csvField(value: string | null): string {
  if (value === null) return '';
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function toTransaction(row: repository.MemberMovementRow): MemberTransaction {
  return {
    transactionNo: String(row.id),
    type: TYPE_OF_KIND.get(row.kind) ?? 'adjustment',
    amountMinor: row.amountMinor,
    balanceAfterMinor: row.balanceAfterMinor,
    currency: row.currency,
    at: row.createdAt,
    roundId: row.roundId,
    vassalage: row.vassalage,
    vendorName: row.vendorName,
    gameName: row.gameName,
    gameType: row.gameType,
    note: row.reason,
  };
}

/** The member and brand a record belongs to: always the session's, never an ID the client sends. */
export interface RecordOwner {
  memberId: number;
  merchantId: number;
  brand: { timeZone: string; currency: string; currencyExponent: number };
}

/**
 * The member's account record (`ODSFE2_MemTransDet`): every movement of the member's money, by type and period
 * of the brand's days, newest first, keyset paged; and its CSV, streamed.
 */
export class MemberTransactionsService {
  constructor(
    private readonly db: Database,
    private readonly exportPageRows = EXPORT_PAGE_ROWS,
  ) {}

  async list(owner: RecordOwner, query: MemberTransactionsQuery): Promise<MemberTransactions> {
    const rows = await this.read(owner, query, query.cursor === undefined ? null : parseCursor(query.cursor), {
      limit: query.pageSize + 1,
    });
    const page = rows.slice(0, query.pageSize);
    const last = page.at(-1);
    return {
      list: page.map(toTransaction),
      nextCursor: rows.length > query.pageSize && last ? last.id.toString(36) : null,
      currency: owner.brand.currency,
      currencyExponent: owner.brand.currencyExponent,
    };
  }

  /**
   * Every movement the filter matches as CSV lines (a header, then one a movement, newest first), read
   * EXPORT_PAGE_ROWS at a time as the caller takes them. Amounts in major units, times in the brand's zone.
   * The period is checked before the first line, so a refusal is an error answer and not a broken file.
   */
  async exportCsv(
    owner: RecordOwner,
    filter: MemberTransactionsFilter,
    language: TranslatedLanguage,
  ): Promise<AsyncGenerator<string>> {
    checkPeriod(filter);
    const exponent = owner.brand.currencyExponent;
    const names = TYPE_NAMES[language];
    const time = new Intl.DateTimeFormat('sv-SE', {
      timeZone: owner.brand.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    const pageRows = this.exportPageRows;
    const read = (afterId: number | null) => this.read(owner, filter, afterId, { limit: pageRows });
    async function* lines(): AsyncGenerator<string> {
      // A byte-order mark, so a spreadsheet reads the Korean as UTF-8.
      yield `\uFEFF${CSV_HEADER[language].join(',')}\r\n`;
      let afterId: number | null = null;
      for (;;) {
        const rows = await read(afterId);
        if (rows.length > 0) {
          yield rows
            .map((row) => {
              const fields = [
                time.format(new Date(row.createdAt)),
                String(row.id),
                names[TYPE_OF_KIND.get(row.kind) ?? 'adjustment'],
                formatMinor(row.amountMinor, exponent),
                formatMinor(row.balanceAfterMinor, exponent),
                row.currency,
                row.gameName,
                row.vendorName,
                row.roundId,
                row.reason,
              ];
              return `${fields.map(csvField).join(',')}\r\n`;
            })
            .join('');
        }
        const last = rows.at(-1);
        if (!last || rows.length < pageRows) return;
        afterId = last.id;
      }
    }
    return lines();
  }

  private read(
    owner: RecordOwner,
    filter: MemberTransactionsFilter,
    afterId: number | null,
    page: { limit: number },
  ): Promise<repository.MemberMovementRow[]> {
    const period = checkPeriod(filter);
    const kinds = filter.type ? MOVEMENT_KINDS_OF_TYPE[filter.type] : [...TYPE_OF_KIND.keys()];
    return repository.findMemberMovements(this.db, {
      merchantId: owner.merchantId,
      memberId: owner.memberId,
      kinds,
      period: period && { from: period.from, to: period.to, timeZone: owner.brand.timeZone },
      afterId,
      limit: page.limit,
    });
  }
}
