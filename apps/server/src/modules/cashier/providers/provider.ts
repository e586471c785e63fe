// The payment-provider adapter (decision 0039): adding a real provider is one file implementing PaymentProvider and
// one line in the registry (providers/index.ts).

export type DepositInstructions =
  | { kind: 'redirect'; url: string }
  | { kind: 'qr'; payload: string }
  | { kind: 'bank'; bankName: string; accountNumber: string; holderName: string; reference: string };

export interface PaymentProvider {
  readonly code: string;
  createDeposit(req: {
    orderNo: string;
    amountMinor: number;
    currency: string;
    language: 'ko' | 'en';
    returnUrl: string;
    callbackUrl: string;
  }): Promise<{ providerRef: string; instructions: DepositInstructions; expiresAt: Date }>;
  /** Checks the signature over the raw body; throws AppError('CASHIER_CALLBACK_FORGED') when it does not hold. */
  parseCallback(headers: Record<string, string | string[] | undefined>, rawBody: string): ProviderEvent;
  queryDeposit(orderNo: string): Promise<{
    status: 'pending' | 'paid' | 'failed' | 'expired';
    providerRef: string | null;
    amountMinor: number | null;
  }>;
  createPayout(req: {
    payoutNo: string;
    amountMinor: number;
    currency: string;
    bankCode: string;
    accountNumber: string;
    holderName: string;
    callbackUrl: string;
  }): Promise<{ providerRef: string }>;
  queryPayout(payoutNo: string): Promise<{
    status: 'pending' | 'paid' | 'failed';
    providerRef: string | null;
    reason: string | null;
  }>;
  /** The answer the provider expects to a callback the platform accepted (it stops retrying on it). */
  acknowledge(): { status: number; contentType: string; body: string };
}

export type ProviderEvent =
  | {
      type: 'deposit';
      orderNo: string;
      providerRef: string;
      status: 'paid' | 'failed' | 'expired';
      amountMinor: number;
      currency: string;
      eventId: string;
    }
  | {
      type: 'payout';
      payoutNo: string;
      providerRef: string;
      status: 'paid' | 'failed';
      reason: string | null;
      eventId: string;
    };

/** Builds an adapter from a stored provider configuration. */
export type ProviderFactory = (config: {
  code: string;
  baseUrl: string;
  merchantKey: string;
  secret: string;
}) => PaymentProvider;
