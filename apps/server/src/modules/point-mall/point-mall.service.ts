import type {
  ConvertPointsRequest,
  ConvertResult,
  PointConfig,
  PointEntryType,
  PointProduct,
  PointProducts,
  PointRecord,
  PointRecordPage,
  PointRecordsQuery,
  RedeemPointProductRequest,
  RedeemResult,
} from '@parlay/contract';
import { PointRecordsQuerySchema, RedeemPointProductRequestSchema } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import type { AuthenticatedMember } from '../session/index';
import type { WalletOwner, WalletService } from '../wallet/index';
import * as repository from './point-mall.repository';

/** A movement in the point ledger (the points module's PointsService, decision 0044). */
export interface PointMovement {
  merchantId: number;
  memberId: number;
  pointsMinor: number;
  type: PointEntryType;
  idempotencyKey: string;
  reason?: string;
  ref?: string;
}

/** What the mall needs of the point ledger: PointsService (modules/points) is one. */
export interface PointLedger {
  credit(tx: Executor, input: PointMovement): Promise<{ entryId: string; balanceAfterMinor: number }>;
  /** Undefined when the balance is short (nothing written). */
  debit(tx: Executor, input: PointMovement): Promise<{ entryId: string; balanceAfterMinor: number } | undefined>;
  balanceOf(owner: { merchantId: number; memberId: number }, tx?: Executor): Promise<number>;
  configOf(merchantId: number, tx?: Executor): Promise<PointConfig>;
}

/** The payment-password check (the security module's PaymentPasswordService). */
export interface PaymentPasswordCheck {
  verifyPaymentPassword(owner: { id: number; merchantId: number }, password: string): Promise<void>;
}

export const exchangeReferenceNo = (id: number): string => `PX${String(id).padStart(10, '0')}`;
export const conversionReferenceNo = (id: number): string => `PC${String(id).padStart(10, '0')}`;

/** The name a member reads: Korean in Korean, else the English one where set. */
export function nameIn(language: string, nameKo: string, nameEn: string | null): string {
  return language.toUpperCase() === 'KO' ? nameKo : (nameEn ?? nameKo);
}

function ownerOf(merchant: Merchant, member: AuthenticatedMember): WalletOwner {
  return { memberId: member.id, merchantId: merchant.id, currency: merchant.brand.currency };
}

/** floor(pointsMinor × rate / 100) in exact integers: money minor units for points at a rate per point. */
export function conversionAmount(pointsMinor: number, rateMinorPerPoint: number): number {
  const amount = (BigInt(pointsMinor) * BigInt(rateMinorPerPoint)) / 100n;
  return amount > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(amount);
}

export function exchangeRecord(row: repository.ExchangeRow, language: string): PointRecord {
  return {
    referenceNo: exchangeReferenceNo(row.id),
    appliedAt: row.createdAt,
    type: 'redeem',
    productName: nameIn(language, row.productNameKo, row.productNameEn),
    quantity: row.quantity,
    pointsMinor: row.pointsMinor,
    amountMinor: row.amountMinor,
    status: row.status,
    pointsChangedMinor: -row.pointsMinor,
    pointsBalanceMinor: row.pointsBalanceAfterMinor,
    remark: row.remark,
  };
}

function conversionRecord(row: repository.ConversionRow): PointRecord {
  return {
    referenceNo: conversionReferenceNo(row.id),
    appliedAt: row.createdAt,
    type: 'convert',
    productName: null,
    quantity: null,
    pointsMinor: row.pointsMinor,
    amountMinor: row.amountMinor,
    status: 'completed',
    pointsChangedMinor: -row.pointsMinor,
    pointsBalanceMinor: row.pointsBalanceAfterMinor,
    remark: null,
  };
}

function encodeCursor(row: repository.RecordRow): string {
  return Buffer.from(`${row.at}|${row.sortKey}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; sortKey: string } {
  const [at, sortKey] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !sortKey || Number.isNaN(Date.parse(at)) || !/^[XC]\d{12}:[12]$/.test(sortKey)) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return { at, sortKey };
}

/**
 * The member's side of the points mall (decision 0045). A redemption checks the payment password first (in its own
 * transaction, so a wrong try counts), then in one transaction under the member's and the product's row locks: the
 * product's state, the stock (a conditional UPDATE: never below zero), the per-member limit, the points (the point
 * ledger refuses a short balance) and the money part (the wallet refuses a short balance); any refusal rolls it all
 * back. A conversion takes the points and credits the money at the brand's rate in one transaction too.
 */
export class PointMallService {
  constructor(
    private readonly db: Database,
    private readonly wallet: WalletService,
    private readonly points: PointLedger,
    private readonly paymentPasswords: PaymentPasswordCheck,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async products(merchant: Merchant, member: AuthenticatedMember, language: string): Promise<PointProducts> {
    const now = this.clock();
    const rows = await repository.findOfferedProducts(this.db, merchant.id, now);
    const held = await repository.countHeldUnits(
      this.db,
      member.id,
      rows.map((row) => row.id),
    );
    const items = rows.map((row): PointProduct => {
      const redeemedByMe = held.get(row.id) ?? 0;
      const unavailableReason =
        row.startsAt !== null && Date.parse(row.startsAt) > now.getTime()
          ? 'notStarted'
          : row.stock === 0
            ? 'outOfStock'
            : row.perMemberLimit !== null && redeemedByMe >= row.perMemberLimit
              ? 'limitReached'
              : null;
      return {
        id: row.id,
        kind: row.kind,
        name: nameIn(language, row.nameKo, row.nameEn),
        imageUrl: row.imageUrl,
        pointsMinor: row.pointsMinor,
        amountMinor: row.amountMinor,
        cashValueMinor: row.cashValueMinor,
        stockLeft: row.stock,
        perMemberLimit: row.perMemberLimit,
        redeemedByMe,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        unavailableReason,
      };
    });
    return {
      currency: merchant.brand.currency,
      currencyExponent: merchant.brand.currencyExponent,
      balancePointsMinor: await this.points.balanceOf({ merchantId: merchant.id, memberId: member.id }),
      items,
    };
  }

  async redeem(
    merchant: Merchant,
    member: AuthenticatedMember,
    input: RedeemPointProductRequest,
    language: string,
  ): Promise<RedeemResult> {
    const request = RedeemPointProductRequestSchema.parse(input);
    // Its own transaction (a wrong try is counted though nothing else happens): before the one that spends.
    await this.paymentPasswords.verifyPaymentPassword(member, request.paymentPassword);
    const owner = ownerOf(merchant, member);
    const now = this.clock();
    const exchange = await this.db.transaction(async (tx) => {
      if (!(await repository.lockMember(tx, merchant.id, member.id))) throw new AppError('NOT_LOGGED_IN');
      // Under the member's lock: a copy of this request that got here first has committed.
      const first = await repository.findExchangeByRequest(tx, member.id, request.requestId);
      if (first) {
        if (first.productId !== request.productId || first.quantity !== request.quantity) {
          throw new AppError('POINT_MALL_REQUEST_REUSED');
        }
        return first;
      }
      const product = await repository.findProduct(tx, merchant.id, request.productId, { lock: true });
      if (!product) throw new AppError('POINT_MALL_PRODUCT_NOT_FOUND');
      if (!product.active) throw new AppError('POINT_MALL_PRODUCT_INACTIVE');
      if (product.startsAt !== null && Date.parse(product.startsAt) > now.getTime()) {
        throw new AppError('POINT_MALL_PRODUCT_NOT_STARTED', { startsAt: product.startsAt });
      }
      if (product.endsAt !== null && Date.parse(product.endsAt) <= now.getTime()) {
        throw new AppError('POINT_MALL_PRODUCT_ENDED', { endsAt: product.endsAt });
      }
      if (product.stock < request.quantity) {
        throw new AppError('POINT_MALL_OUT_OF_STOCK', { left: product.stock }, { params: { left: product.stock } });
      }
      if (product.perMemberLimit !== null) {
        const held = (await repository.countHeldUnits(tx, member.id, [product.id])).get(product.id) ?? 0;
        if (held + request.quantity > product.perMemberLimit) {
          throw new AppError(
            'POINT_MALL_LIMIT_REACHED',
            { limit: product.perMemberLimit, left: Math.max(0, product.perMemberLimit - held) },
            { params: { limit: product.perMemberLimit } },
          );
        }
      }
      const pointsMinor = product.pointsMinor * request.quantity;
      const amountMinor = product.amountMinor * request.quantity;
      const cashValueMinor = product.cashValueMinor * request.quantity;
      if (![pointsMinor, amountMinor, cashValueMinor].every(Number.isSafeInteger)) {
        throw new AppError('POINT_MALL_POINTS_SHORT', { neededPointsMinor: pointsMinor });
      }
      if (!(await repository.takeStock(tx, product.id, request.quantity))) {
        throw new AppError('POINT_MALL_OUT_OF_STOCK', { left: 0 }, { params: { left: 0 } });
      }
      const id = await repository.insertExchange(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        productId: product.id,
        requestId: request.requestId,
        kind: product.kind,
        productNameKo: product.nameKo,
        productNameEn: product.nameEn,
        quantity: request.quantity,
        currency: owner.currency,
        pointsMinor,
        amountMinor,
        cashValueMinor,
        pointsBalanceAfterMinor: 0,
        // Cash is credited now: nothing is left for the operator to do.
        status: product.kind === 'cash' ? 'completed' : 'applying',
        createdAt: now.toISOString(),
      });
      const referenceNo = exchangeReferenceNo(id);
      const taken = await this.points.debit(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        pointsMinor,
        type: 'redeem',
        idempotencyKey: `point-mall:redeem:${id}`,
        reason: `redeem ${referenceNo}`,
        ref: referenceNo,
      });
      if (!taken) {
        const balancePointsMinor = await this.points.balanceOf({ merchantId: merchant.id, memberId: member.id }, tx);
        throw new AppError('POINT_MALL_POINTS_SHORT', { neededPointsMinor: pointsMinor, balancePointsMinor });
      }
      if (amountMinor > 0) {
        const paid = await this.wallet.debit(tx, {
          ...owner,
          amountMinor,
          kind: 'point_purchase',
          idempotencyKey: `point-purchase:${id}`,
          reason: `point mall ${referenceNo}`,
        });
        if (!paid) throw new AppError('POINT_MALL_BALANCE_SHORT', { neededMinor: amountMinor });
      }
      if (cashValueMinor > 0) {
        await this.wallet.credit(tx, {
          ...owner,
          amountMinor: cashValueMinor,
          kind: 'point_conversion',
          idempotencyKey: `point-mall:cash:${id}`,
          reason: `point mall ${referenceNo}`,
        });
      }
      await repository.setExchangeBalanceAfter(tx, id, taken.balanceAfterMinor);
      return (await repository.findExchange(tx, merchant.id, id))!;
    });
    if (exchange.amountMinor > 0 || exchange.cashValueMinor > 0) await this.wallet.announceTotal(owner);
    return {
      record: exchangeRecord(exchange, language),
      balancePointsMinor: await this.points.balanceOf({ merchantId: merchant.id, memberId: member.id }),
      balanceMinor: await this.wallet.findBalance(this.db, owner),
    };
  }

  async convert(
    merchant: Merchant,
    member: AuthenticatedMember,
    request: ConvertPointsRequest,
  ): Promise<ConvertResult> {
    await this.paymentPasswords.verifyPaymentPassword(member, request.paymentPassword);
    const owner = ownerOf(merchant, member);
    const config = await this.points.configOf(merchant.id);
    const rate = config.conversionMinorPerPoint;
    const now = this.clock();
    const conversion = await this.db.transaction(async (tx) => {
      if (!(await repository.lockMember(tx, merchant.id, member.id))) throw new AppError('NOT_LOGGED_IN');
      const first = await repository.findConversionByRequest(tx, member.id, request.requestId);
      if (first) {
        if (first.pointsMinor !== request.pointsMinor) throw new AppError('POINT_MALL_REQUEST_REUSED');
        return first;
      }
      if (rate <= 0) throw new AppError('POINT_MALL_CONVERT_DISABLED');
      const amountMinor = conversionAmount(request.pointsMinor, rate);
      const minPointsMinor = Math.max(config.conversionMinPointsMinor, Math.ceil(10_000 / rate));
      if (request.pointsMinor < config.conversionMinPointsMinor || amountMinor < 1) {
        throw new AppError(
          'POINT_MALL_CONVERT_BELOW_MIN',
          { minPointsMinor },
          { params: { min: (minPointsMinor / 100).toLocaleString('en-US', { maximumFractionDigits: 2 }) } },
        );
      }
      const id = await repository.insertConversion(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        requestId: request.requestId,
        currency: owner.currency,
        pointsMinor: request.pointsMinor,
        amountMinor,
        rateMinorPerPoint: rate,
        pointsBalanceAfterMinor: 0,
        createdAt: now.toISOString(),
      });
      const referenceNo = conversionReferenceNo(id);
      const taken = await this.points.debit(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        pointsMinor: request.pointsMinor,
        type: 'convert',
        idempotencyKey: `point-mall:convert:${id}`,
        reason: `convert ${referenceNo}`,
        ref: referenceNo,
      });
      if (!taken) {
        const balancePointsMinor = await this.points.balanceOf({ merchantId: merchant.id, memberId: member.id }, tx);
        throw new AppError('POINT_MALL_POINTS_SHORT', { neededPointsMinor: request.pointsMinor, balancePointsMinor });
      }
      await this.wallet.credit(tx, {
        ...owner,
        amountMinor,
        kind: 'point_conversion',
        idempotencyKey: `point-conversion:${id}`,
        reason: `points converted ${referenceNo}`,
      });
      await repository.setConversionBalanceAfter(tx, id, taken.balanceAfterMinor);
      return { ...(await repository.findConversionByRequest(tx, member.id, request.requestId))! };
    });
    await this.wallet.announceTotal(owner);
    return {
      record: conversionRecord(conversion),
      amountMinor: conversion.amountMinor,
      balancePointsMinor: await this.points.balanceOf({ merchantId: merchant.id, memberId: member.id }),
      balanceMinor: await this.wallet.findBalance(this.db, owner),
    };
  }

  async records(member: AuthenticatedMember, input: PointRecordsQuery, language: string): Promise<PointRecordPage> {
    const page = PointRecordsQuerySchema.parse(input);
    const rows = await repository.findRecords(this.db, member.id, {
      view: page.view,
      status: page.status ?? null,
      from: page.from ?? null,
      to: page.to ?? null,
      after: page.cursor === undefined ? null : decodeCursor(page.cursor),
      limit: page.limit + 1,
    });
    const items = rows.slice(0, page.limit);
    return {
      items: items.map((row) => ({
        referenceNo: row.kind === 'exchange' ? exchangeReferenceNo(row.id) : conversionReferenceNo(row.id),
        appliedAt: row.at,
        type: row.type,
        productName: row.productNameKo === null ? null : nameIn(language, row.productNameKo, row.productNameEn),
        quantity: row.quantity,
        pointsMinor: row.pointsMinor,
        amountMinor: row.amountMinor,
        status: row.status,
        pointsChangedMinor: row.pointsChangedMinor,
        pointsBalanceMinor: row.pointsBalanceMinor,
        remark: row.remark,
      })),
      nextCursor: rows.length > page.limit ? encodeCursor(items.at(-1)!) : null,
    };
  }
}
