import type {
  BoPointExchange,
  BoPointProduct,
  CreatePointProductRequest,
  Page,
  ProcessPointExchangeRequest,
  RejectPointExchangeRequest,
  UpdatePointProductRequest,
  UploadedImage,
} from '@parlay/contract';
import { CreatePointProductRequestSchema, UpdatePointProductRequestSchema } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorText, type Actor, type AuditService } from '../audit/index';
import type { MediaService, Merchant } from '../merchant/index';
import type { WalletService } from '../wallet/index';
import * as repository from './point-mall.repository';
import { exchangeReferenceNo, type PointLedger } from './point-mall.service';

export function toBoProduct(row: repository.ProductRow, currency: string): BoPointProduct {
  const { merchantId: _merchant, ...product } = row;
  return { ...product, currency };
}

export function toBoExchange(row: repository.ExchangeRow): BoPointExchange {
  return {
    id: row.id,
    referenceNo: exchangeReferenceNo(row.id),
    memberId: row.memberId,
    account: row.account,
    productId: row.productId,
    productName: row.productNameKo,
    kind: row.kind,
    quantity: row.quantity,
    pointsMinor: row.pointsMinor,
    amountMinor: row.amountMinor,
    cashValueMinor: row.cashValueMinor,
    currency: row.currency,
    status: row.status,
    remark: row.remark,
    processedBy: row.processedBy,
    createdAt: row.createdAt,
    processedAt: row.processedAt,
    version: row.version,
  };
}

function fieldsOf(request: ReturnType<typeof CreatePointProductRequestSchema.parse>): repository.ProductFields {
  return {
    kind: request.kind,
    nameKo: request.nameKo,
    nameEn: request.nameEn,
    imageUrl: request.imageUrl,
    pointsMinor: request.pointsMinor,
    amountMinor: request.amountMinor,
    cashValueMinor: request.cashValueMinor,
    stock: request.stock,
    perMemberLimit: request.perMemberLimit,
    startsAt: request.startsAt,
    endsAt: request.endsAt,
    active: request.active,
    sortOrder: request.sortOrder,
  };
}

function keysetOf(cursor: string | undefined): string[] | null {
  if (cursor === undefined) return null;
  const parts = cursor.split('.');
  if (!parts.every((part) => /^\d{1,15}$/.test(part))) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return parts;
}

/**
 * The operator's side of the points mall (decision 0045): products (stock, pictures, dates, limits, on/off) and the
 * exchange orders (approve, complete, reject with a reason: the points and money go back, the units to the stock).
 * Every change is audited in its transaction; a stale `version` is refused with BO_CHANGED_SINCE_OPENED.
 */
export class PointMallAdminService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly media: MediaService,
    private readonly wallet: WalletService,
    private readonly points: PointLedger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async listProducts(
    brand: Merchant,
    page: { limit: number; cursor?: string | undefined; active: 'all' | 'active' | 'inactive' },
  ): Promise<Page<BoPointProduct>> {
    const keyset = keysetOf(page.cursor);
    const rows = await repository.findProductsPage(this.db, brand.id, {
      after: keyset ? { sortOrder: Number(keyset[0]), id: Number(keyset[1] ?? 0) } : null,
      limit: page.limit + 1,
      active: page.active,
    });
    const items = rows.slice(0, page.limit);
    const last = items.at(-1);
    return {
      items: items.map((row) => toBoProduct(row, brand.brand.currency)),
      nextCursor: rows.length > page.limit && last ? `${last.sortOrder}.${last.id}` : null,
    };
  }

  async createProduct(actor: Actor, brand: Merchant, input: CreatePointProductRequest): Promise<BoPointProduct> {
    const fields = fieldsOf(CreatePointProductRequestSchema.parse(input));
    return this.db.transaction(async (tx) => {
      const row = await repository.insertProduct(tx, brand.id, fields);
      await this.record(
        tx,
        actor,
        brand,
        'pointMall.product.create',
        row.id,
        null,
        toBoProduct(row, brand.brand.currency),
      );
      return toBoProduct(row, brand.brand.currency);
    });
  }

  async updateProduct(
    actor: Actor,
    brand: Merchant,
    productId: number,
    input: UpdatePointProductRequest,
  ): Promise<BoPointProduct> {
    const { version, ...request } = UpdatePointProductRequestSchema.parse(input);
    return this.db.transaction(async (tx) => {
      const before = await repository.findProduct(tx, brand.id, productId, { lock: true });
      if (!before) throw new AppError('POINT_MALL_PRODUCT_NOT_FOUND');
      const row = await repository.updateProduct(tx, brand.id, productId, version, fieldsOf(request));
      if (!row) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.record(
        tx,
        actor,
        brand,
        'pointMall.product.update',
        row.id,
        toBoProduct(before, brand.brand.currency),
        toBoProduct(row, brand.brand.currency),
      );
      return toBoProduct(row, brand.brand.currency);
    });
  }

  /** Checks a product picture by its bytes and stores it like the brand's banners (media_files, kind pointProduct). */
  async uploadImage(actor: Actor, brand: Merchant, image: Buffer): Promise<UploadedImage> {
    return this.db.transaction(async (tx) => {
      const stored = await this.media.store(tx, brand.id, 'pointProduct', image);
      await this.record(tx, actor, brand, 'pointMall.image.upload', stored.url, null, { ...stored });
      return stored;
    });
  }

  async listExchanges(
    brand: Merchant,
    page: { limit: number; cursor?: string | undefined; queue: 'open' | 'done'; account?: string | undefined },
  ): Promise<Page<BoPointExchange>> {
    const keyset = keysetOf(page.cursor);
    const rows = await repository.findExchangesPage(this.db, brand.id, {
      queue: page.queue,
      afterId: keyset ? Number(keyset[0]) : null,
      limit: page.limit + 1,
      account: page.account ?? null,
    });
    const items = rows.slice(0, page.limit);
    return {
      items: items.map(toBoExchange),
      nextCursor: rows.length > page.limit ? String(items.at(-1)!.id) : null,
    };
  }

  /** applying → approved (passed). */
  async approve(
    actor: Actor,
    brand: Merchant,
    exchangeId: number,
    request: ProcessPointExchangeRequest,
  ): Promise<BoPointExchange> {
    return this.move(actor, brand, exchangeId, request.version, 'applying', async (tx, row, now) => {
      await repository.moveExchange(tx, row.id, {
        status: 'approved',
        processedBy: actorText(actor),
        remark: request.remark ?? null,
        now,
      });
      return 'pointMall.exchange.approve';
    });
  }

  /** approved → completed (delivered). */
  async complete(
    actor: Actor,
    brand: Merchant,
    exchangeId: number,
    request: ProcessPointExchangeRequest,
  ): Promise<BoPointExchange> {
    return this.move(actor, brand, exchangeId, request.version, 'approved', async (tx, row, now) => {
      await repository.moveExchange(tx, row.id, {
        status: 'completed',
        processedBy: actorText(actor),
        remark: request.remark ?? null,
        now,
      });
      return 'pointMall.exchange.complete';
    });
  }

  /**
   * applying or approved → rejected, with a reason the member reads: the points come back (point entry redeemRefund),
   * the money part too (wallet kind point_purchase_refund), and the units to the stock, in one transaction.
   */
  async reject(
    actor: Actor,
    brand: Merchant,
    exchangeId: number,
    request: RejectPointExchangeRequest,
  ): Promise<BoPointExchange> {
    let refundedMoney: { memberId: number; currency: string } | null = null;
    const result = await this.move(actor, brand, exchangeId, request.version, 'open', async (tx, row, now) => {
      const referenceNo = exchangeReferenceNo(row.id);
      // Product before points before money: the order a redemption locks them in.
      await repository.findProduct(tx, brand.id, row.productId, { lock: true });
      const given = await this.points.credit(tx, {
        merchantId: brand.id,
        memberId: row.memberId,
        pointsMinor: row.pointsMinor,
        type: 'redeemRefund',
        idempotencyKey: `point-mall:refund:${row.id}`,
        reason: `rejected ${referenceNo}`,
        ref: referenceNo,
      });
      if (row.amountMinor > 0) {
        await this.wallet.credit(tx, {
          merchantId: brand.id,
          memberId: row.memberId,
          currency: row.currency,
          amountMinor: row.amountMinor,
          kind: 'point_purchase_refund',
          idempotencyKey: `point-purchase-refund:${row.id}`,
          reason: `point mall ${referenceNo} rejected`,
        });
        refundedMoney = { memberId: row.memberId, currency: row.currency };
      }
      await repository.returnStock(tx, row.productId, row.quantity);
      await repository.moveExchange(tx, row.id, {
        status: 'rejected',
        processedBy: actorText(actor),
        remark: request.reason,
        now,
        refundBalanceAfterMinor: given.balanceAfterMinor,
      });
      return 'pointMall.exchange.reject';
    });
    const refunded = refundedMoney as { memberId: number; currency: string } | null;
    if (refunded) await this.wallet.announceTotal({ merchantId: brand.id, ...refunded });
    return result;
  }

  private async move(
    actor: Actor,
    brand: Merchant,
    exchangeId: number,
    version: number,
    from: 'applying' | 'approved' | 'open',
    step: (tx: Executor, row: repository.ExchangeRow, now: Date) => Promise<string>,
  ): Promise<BoPointExchange> {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const before = await repository.findExchange(tx, brand.id, exchangeId, { lock: true });
      if (!before) throw new AppError('POINT_MALL_EXCHANGE_NOT_FOUND');
      if (before.version !== version) throw new AppError('BO_CHANGED_SINCE_OPENED');
      const allowed =
        from === 'open' ? before.status === 'applying' || before.status === 'approved' : before.status === from;
      if (!allowed) throw new AppError('POINT_MALL_EXCHANGE_STATE', { status: before.status });
      const action = await step(tx, before, now);
      const after = (await repository.findExchange(tx, brand.id, exchangeId))!;
      await this.record(tx, actor, brand, action, exchangeId, toBoExchange(before), toBoExchange(after));
      return toBoExchange(after);
    });
  }

  private async record(
    tx: Executor,
    actor: Actor,
    brand: Merchant,
    action: string,
    targetId: string | number,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    const targetType = action.startsWith('pointMall.product')
      ? 'point-product'
      : action.startsWith('pointMall.image')
        ? 'media'
        : 'point-exchange';
    await this.audit.record(tx, { actor, merchantId: brand.id, action, targetType, targetId, before, after });
  }
}
