// The payment-provider registry (decision 0039): an adapter's name, as a stored provider configuration names it
// (cashier_providers.adapter), to the factory that builds it. A real provider is its adapter file and one line here.
import type { ProviderFactory } from './provider';
import { createSandboxProvider } from './sandbox';

export type { DepositInstructions, PaymentProvider, ProviderEvent, ProviderFactory } from './provider';

export const PROVIDER_ADAPTERS: Readonly<Record<string, ProviderFactory>> = {
  sandbox: createSandboxProvider,
};
