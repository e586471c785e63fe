import type { BonusOffer, DepositMethod } from '@parlay/contract';

/** The method's fee on an amount, as the server takes it: fixed + ⌊amount × per mille / 1000⌋. */
export function feeOf(method: Pick<DepositMethod, 'feeFixedMinor' | 'feePerMille'>, amountMinor: number): number {
  return method.feeFixedMinor + Math.floor((amountMinor * method.feePerMille) / 1000);
}

/** Quick amounts in minor units within the method's range: round steps of the currency (10,000 won; 10 dollars). */
export function quickAmounts(
  method: Pick<DepositMethod, 'minAmountMinor' | 'maxAmountMinor'>,
  exponent: number,
): number[] {
  const unit = exponent === 0 ? 10_000 : 10 * 10 ** exponent;
  return [1, 3, 5, 10, 30, 50, 100]
    .map((step) => step * unit)
    .filter((amount) => amount >= method.minAmountMinor && amount <= method.maxAmountMinor)
    .slice(0, 6);
}

/** The bonus an offer adds to what the balance gets: its percentage, up to its cap (the server decides on credit). */
export function bonusOf(offer: Pick<BonusOffer, 'percentBp' | 'maxBonusMinor'>, creditMinor: number): number {
  const bonus = Math.floor((creditMinor * offer.percentBp) / 10_000);
  return offer.maxBonusMinor === null ? bonus : Math.min(bonus, offer.maxBonusMinor);
}
