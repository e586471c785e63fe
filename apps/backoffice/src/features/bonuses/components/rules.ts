import {
  BONUS_CONTRIBUTION_CATEGORIES,
  BONUS_PROMOTION_KINDS,
  type BonusPromotionKind,
  type BonusRules,
  type PromotionKind,
} from '@parlay/contract';
import type { TFunction } from 'i18next';
import { numberLocale } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';

// A promotion's rules (BonusRulesSchema, decision 0050) as an operator reads and types them: percentages instead of
// basis points, amounts in major units.

const BP_PER_PERCENT = 100;

/** Basis points as a percentage: 10 000 → "100%", 2 550 → "25.5%". */
export function percentOf(bp: number): string {
  return `${new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 2 }).format(bp / BP_PER_PERCENT)}%`;
}

/** Basis points as the text of a percentage field, without grouping: 10 000 → "100", 2 550 → "25.5". */
export function bpToInput(bp: number | null | undefined): string {
  return bp === null || bp === undefined ? '' : String(bp / BP_PER_PERCENT);
}

/** A typed percentage with up to 2 decimals as basis points; null when it is not one. */
export function parsePercent(text: string): number | null {
  const clean = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * BP_PER_PERCENT + Number(fraction.padEnd(2, '0'));
}

/** Whether a promotion pays a bonus with wagering (BONUS_PROMOTION_KINDS), and so one the form edits. */
export function isBonusKind(kind: PromotionKind): kind is BonusPromotionKind {
  return (BONUS_PROMOTION_KINDS as readonly string[]).includes(kind);
}

/**
 * The rules in words, in the operator's language: "100% up to ₩300,000, deposit from ₩10,000, wager 10×, expires in
 * 30 days" for a deposit bonus, "₩5,000, wager 3×, expires in 7 days" for a fixed amount (sign-up, application).
 */
export function rulesInWords(t: TFunction<'bonuses'>, rules: BonusRules, currency: string): string {
  const parts: string[] = [];
  if (rules.percentBp !== null) {
    const percent = percentOf(rules.percentBp);
    parts.push(
      rules.maxBonusMinor === null
        ? t('words.percent', { percent })
        : t('words.percentUpTo', { percent, amount: formatMoney(rules.maxBonusMinor, currency) }),
    );
    if (rules.minDepositMinor > 0) {
      parts.push(t('words.minDeposit', { amount: formatMoney(rules.minDepositMinor, currency) }));
    }
  } else if (rules.fixedMinor !== null) {
    parts.push(formatMoney(rules.fixedMinor, currency));
  }
  parts.push(
    rules.wageringMultiplier > 0 ? t('words.wager', { times: rules.wageringMultiplier }) : t('words.noWagering'),
  );
  parts.push(t('words.expires', { count: rules.expiryDays }));
  return parts.join(', ');
}

/** The contributions by game type in words: "Slots 100%, Live 10%"; a type not listed counts nothing. */
export function contributionsInWords(t: TFunction<'bonuses'>, rules: BonusRules): string {
  return BONUS_CONTRIBUTION_CATEGORIES.flatMap((type) => {
    const bp = rules.contributionBp[type];
    return bp === undefined || bp === 0 ? [] : [`${t(`gameTypes.${type}`)} ${percentOf(bp)}`];
  }).join(', ');
}
