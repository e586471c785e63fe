import type { SystemStatus } from '@parlay/contract';
import { isModuleEnabled, type WhitelabelModule } from '@parlay/contract/constants';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

interface BrandValue {
  status: SystemStatus;
  brand: SystemStatus['brand'];
  /** Whether a whitelabel feature is on for this brand (docs/product/constants.md#feature-flags). */
  isEnabled: (module: WhitelabelModule) => boolean;
}

const BrandContext = createContext<BrandValue | null>(null);

/** Holds the system status the shell loaded at start; everything below reads the brand from it. */
export function BrandProvider({ status, children }: { status: SystemStatus; children: ReactNode }) {
  const value = useMemo<BrandValue>(
    () => ({ status, brand: status.brand, isEnabled: (module) => isModuleEnabled(status.whitelabel, module) }),
    [status],
  );
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

export function useBrand(): BrandValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand is used outside BrandProvider');
  return value;
}

/** The brand when inside BrandProvider, or null (shared components used in isolation). */
export function useOptionalBrand(): BrandValue | null {
  return useContext(BrandContext);
}
