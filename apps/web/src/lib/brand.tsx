import type { SystemStatus } from '@parlay/contract';
import { isModuleEnabled, textColourOn, type WhitelabelModule } from '@parlay/contract/constants';
import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { setCurrencySymbol } from './format-money';

interface BrandValue {
  status: SystemStatus;
  brand: SystemStatus['brand'];
  /** Whether a whitelabel feature is on for this brand (docs/product/constants.md#feature-flags). */
  isEnabled: (module: WhitelabelModule) => boolean;
}

const BrandContext = createContext<BrandValue | null>(null);

/** The tokens a brand's own colours replace (styles/tokens.css): its main and second colour and what is drawn from them. */
const COLOUR_TOKENS = ['--brand-1', '--brand-2', '--brand-gradient', '--on-brand'] as const;

/**
 * Puts the brand's colours (chosen in the back office) over the platform's: --brand-1 and --brand-2, their
 * gradient, and the text on them, near-black or white, whichever reads on both (the back office refuses a pair
 * neither reads on; packages/contract/src/system/brand-theme.ts). A brand without colours keeps the tokens'.
 */
export function useBrandColours(brand: Pick<SystemStatus['brand'], 'primaryColor' | 'secondaryColor'>): void {
  const { primaryColor, secondaryColor } = brand;
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    if (!primaryColor && !secondaryColor) return;
    const root = getComputedStyle(document.documentElement);
    const first = primaryColor ?? root.getPropertyValue('--brand-1').trim();
    const second = secondaryColor ?? root.getPropertyValue('--brand-2').trim();
    style.setProperty('--brand-1', first);
    style.setProperty('--brand-2', second);
    style.setProperty('--brand-gradient', `linear-gradient(135deg, ${first} 0%, ${second} 100%)`);
    const ink = textColourOn([first, second]);
    if (ink) style.setProperty('--on-brand', ink);
    return () => {
      for (const token of COLOUR_TOKENS) style.removeProperty(token);
    };
  }, [primaryColor, secondaryColor]);
}

/** Holds the system status the shell loaded at start; everything below reads the brand from it. */
export function BrandProvider({ status, children }: { status: SystemStatus; children: ReactNode }) {
  useBrandColours(status.brand);
  // Before the children render: every amount below is written with the brand's symbol (lib/format-money.ts).
  setCurrencySymbol(status.brand.currencySymbol);
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
