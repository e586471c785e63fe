import type { BoPaymentMethod, BoPaymentSettings, SavePaymentMethodRequest } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import * as repository from './cashier.repository';

/** The brand a method belongs to: its id and currency (the back office's brand of the path). */
export interface MethodBrand {
  id: number;
  brand: { currency: string; currencyExponent: number };
}

/**
 * A brand's payment methods as operators edit them (the back office): added, or saved with the version the editor
 * opened (a stale one is BO_CHANGED_SINCE_OPENED and changes nothing), each change audited in its transaction. A
 * provider method names a configured provider; a bank transfer carries the brand's receiving account. Open orders
 * keep what they were made with (decision 0039).
 */
export class PaymentMethodService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  async getSettings(brand: MethodBrand): Promise<BoPaymentSettings> {
    const [methods, providers] = await Promise.all([
      repository.listMethods(this.db, brand.id, false),
      repository.listProviders(this.db),
    ]);
    return {
      currency: brand.brand.currency,
      currencyExponent: brand.brand.currencyExponent,
      methods: methods.map(toView),
      providers: providers.map((row) => ({
        code: row.code,
        adapter: row.adapter,
        baseUrl: row.baseUrl,
        updatedAt: row.updatedAt,
      })),
    };
  }

  async create(actor: Actor, brand: MethodBrand, request: SavePaymentMethodRequest): Promise<BoPaymentMethod> {
    const input = await this.checked(request);
    return this.db.transaction(async (tx) => {
      const row = await repository.insertMethod(tx, brand.id, input);
      await this.audit.record(tx, {
        actor,
        merchantId: brand.id,
        action: 'cashier.method.create',
        targetType: 'payment_method',
        targetId: row.id,
        after: auditView(row),
      });
      return toView(row);
    });
  }

  async update(
    actor: Actor,
    brand: MethodBrand,
    methodId: number,
    request: SavePaymentMethodRequest,
  ): Promise<BoPaymentMethod> {
    const input = await this.checked(request);
    return this.db.transaction(async (tx) => {
      const before = await repository.findMethod(tx, brand.id, methodId);
      if (!before) throw new AppError('CASHIER_METHOD_NOT_FOUND');
      if (request.version === undefined || before.version !== request.version) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      const row = await repository.updateMethod(tx, brand.id, methodId, request.version, input);
      if (!row) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId: brand.id,
        action: 'cashier.method.update',
        targetType: 'payment_method',
        targetId: methodId,
        before: auditView(before),
        after: auditView(row),
      });
      return toView(row);
    });
  }

  /** The method as stored: a provider method's provider configured, a bank transfer's account given. */
  private async checked(request: SavePaymentMethodRequest): Promise<repository.MethodInput> {
    const isProvider = request.kind === 'provider';
    if (isProvider) {
      if (!request.providerCode || !(await repository.findProvider(this.db, request.providerCode))) {
        throw new AppError('CASHIER_METHOD_INVALID', undefined, { params: { detail: 'no such provider' } });
      }
    } else if (!request.bankName || !request.bankAccountNumber || !request.bankHolderName) {
      throw new AppError('CASHIER_METHOD_INVALID', undefined, { params: { detail: 'the bank account is missing' } });
    }
    return {
      name: request.name,
      kind: request.kind,
      providerCode: isProvider ? request.providerCode : null,
      minAmountMinor: request.minAmountMinor,
      maxAmountMinor: request.maxAmountMinor,
      feeFixedMinor: request.feeFixedMinor,
      feePerMille: request.feePerMille,
      displayOrder: request.displayOrder,
      active: request.active,
      bankName: isProvider ? null : request.bankName,
      bankAccountNumber: isProvider ? null : request.bankAccountNumber,
      bankHolderName: isProvider ? null : request.bankHolderName,
    };
  }
}

function toView(row: repository.MethodRow): BoPaymentMethod {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    providerCode: row.providerCode,
    minAmountMinor: row.minAmountMinor,
    maxAmountMinor: row.maxAmountMinor,
    feeFixedMinor: row.feeFixedMinor,
    feePerMille: row.feePerMille,
    displayOrder: row.displayOrder,
    active: row.active,
    bankName: row.bankName,
    bankAccountNumber: row.bankAccountNumber,
    bankHolderName: row.bankHolderName,
    version: row.version,
  };
}

/** What the audit trail keeps of a method: everything but its version. */
function auditView(row: repository.MethodRow): Record<string, unknown> {
  const { version: _version, merchantId: _merchantId, ...rest } = row;
  return rest;
}
