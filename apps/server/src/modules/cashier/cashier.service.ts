import type { DepositMethods } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../vendors/index';
import * as repository from './cashier.repository';
import { DepositService, type DepositDependencies, type DepositOptions } from './deposits.service';
import { PaymentMethodService } from './payment-methods.service';
import { PROVIDER_ADAPTERS, type PaymentProvider, type ProviderEvent, type ProviderFactory } from './providers/index';

/** A provider's payout result, handed to the withdrawals (the composition root sets the listener). */
export type PayoutEvent = Extract<ProviderEvent, { type: 'payout' }>;
export type PayoutListener = (event: PayoutEvent, providerCode: string) => Promise<void>;
export type DepositEvent = Extract<ProviderEvent, { type: 'deposit' }>;

/** What a provider's configuration is registered with: the secret is sealed before it is stored. */
export interface ProviderRegistration {
  code: string;
  /** A name of the registry (providers/index.ts), e.g. 'sandbox'. */
  adapter: string;
  baseUrl: string;
  merchantKey: string;
  secret: string;
}

/** How long a built adapter is kept before its stored configuration is read again (another instance may change it). */
const PROVIDER_CACHE_MS = 10_000;

/**
 * The cashier: its payment providers' configurations (the secret sealed at rest with DATA_ENCRYPTION_KEY, bound to
 * the provider's code, as the vendors' wallet secrets are), the adapters built from them, the brands' deposit
 * methods, which provider pays a brand's withdrawals out, and where a payout's result goes. The deposit orders:
 * `deposits` (deposits.service.ts).
 */
export class CashierService {
  private readonly adapters = new Map<string, ProviderFactory>(Object.entries(PROVIDER_ADAPTERS));
  private readonly built = new Map<string, { at: number; provider: PaymentProvider | undefined }>();
  private payoutListener: PayoutListener | undefined;
  /** Deposit orders: made, credited once, failed, expired, reconciled, reviewed by finance (decision 0039). */
  readonly deposits: DepositService;
  /** The brands' payment methods as operators edit them. */
  readonly methods: PaymentMethodService;

  constructor(
    private readonly db: Database,
    private readonly secretBox: SecretBox,
    dependencies: DepositDependencies,
    options: DepositOptions = {},
  ) {
    this.deposits = new DepositService(db, this, dependencies, options);
    this.methods = new PaymentMethodService(db, dependencies.audit);
  }

  /** Adds an adapter to the registry of this process (an embedder's own provider; tests' local providers). */
  useAdapter(name: string, factory: ProviderFactory): void {
    this.adapters.set(name, factory);
    this.built.clear();
  }

  /** Stores a provider's configuration, or replaces it (main.ts registers the sandbox with a fresh secret at each start). */
  async registerProvider(registration: ProviderRegistration): Promise<void> {
    if (!this.adapters.has(registration.adapter)) throw new Error(`no payment adapter '${registration.adapter}'`);
    await repository.upsertProvider(this.db, {
      code: registration.code,
      adapter: registration.adapter,
      baseUrl: registration.baseUrl,
      merchantKey: registration.merchantKey,
      secretSealed: this.secretBox.seal(registration.secret, providerSecretContext(registration.code)),
    });
    this.built.delete(registration.code);
  }

  /** The adapter of a configured provider; undefined when none of this code is configured. */
  async findProvider(code: string): Promise<PaymentProvider | undefined> {
    const cached = this.built.get(code);
    if (cached && Date.now() - cached.at < PROVIDER_CACHE_MS) return cached.provider;
    const row = await repository.findProvider(this.db, code);
    const factory = row ? this.adapters.get(row.adapter) : undefined;
    const provider =
      row && factory
        ? factory({
            code: row.code,
            baseUrl: row.baseUrl,
            merchantKey: row.merchantKey,
            secret: this.secretBox.open(row.secretSealed, providerSecretContext(row.code)),
          })
        : undefined;
    this.built.set(code, { at: Date.now(), provider });
    return provider;
  }

  async getProvider(code: string): Promise<PaymentProvider> {
    const provider = await this.findProvider(code);
    if (!provider) throw new AppError('CASHIER_PROVIDER_UNKNOWN');
    return provider;
  }

  /** The provider that pays the brand's withdrawals out: that of its first active provider method; undefined: none. */
  async payoutProviderOf(merchantId: number): Promise<PaymentProvider | undefined> {
    const code = await repository.findPayoutProviderCode(this.db, merchantId);
    return code === undefined ? undefined : this.findProvider(code);
  }

  /** Where a provider's payout results go (the withdrawals service); set once by the composition root. */
  setPayoutListener(listener: PayoutListener): void {
    this.payoutListener = listener;
  }

  async deliverPayout(event: PayoutEvent, providerCode: string): Promise<void> {
    // Without a listener the provider is not acknowledged and keeps retrying until the withdrawals are there.
    if (!this.payoutListener) throw new AppError('CASHIER_PROVIDER_UNAVAILABLE');
    await this.payoutListener(event, providerCode);
  }

  /** The configured providers, never their secrets (the back office). */
  async listProviders(): Promise<{ code: string; adapter: string; baseUrl: string; updatedAt: string }[]> {
    return (await repository.listProviders(this.db)).map((row) => ({
      code: row.code,
      adapter: row.adapter,
      baseUrl: row.baseUrl,
      updatedAt: row.updatedAt,
    }));
  }

  /** The brand's active deposit methods, in display order (the member's deposit page). */
  async listMethods(merchant: { id: number; brand: { currency: string } }): Promise<DepositMethods> {
    const rows = await repository.listMethods(this.db, merchant.id, true);
    return {
      currency: merchant.brand.currency,
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        kind: row.kind,
        minAmountMinor: row.minAmountMinor,
        maxAmountMinor: row.maxAmountMinor,
        feeFixedMinor: row.feeFixedMinor,
        feePerMille: row.feePerMille,
      })),
    };
  }
}

/** What a sealed provider secret is bound to: the table and the provider's code. */
function providerSecretContext(code: string): string {
  return `cashier_providers.secret:${code}`;
}
