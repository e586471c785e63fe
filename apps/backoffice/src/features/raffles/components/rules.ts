import type { RaffleTicketRules } from '@parlay/contract';
import type { TFunction } from 'i18next';
import { formatCount } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';

/**
 * How members earn a raffle's tickets, in the operator's language: one line a rule ("1 ticket per ₩10,000 deposited",
 * "1 ticket per ₩50,000 of valid bets"), then the cap.
 */
export function ticketRulesInWords(t: TFunction<'raffles'>, rules: RaffleTicketRules, currency: string): string[] {
  const lines: string[] = [];
  if (rules.depositStepMinor !== null)
    lines.push(t('words.deposit', { amount: formatMoney(rules.depositStepMinor, currency) }));
  if (rules.betStepMinor !== null) lines.push(t('words.bet', { amount: formatMoney(rules.betStepMinor, currency) }));
  lines.push(t('words.max', { count: rules.maxTicketsPerMember, max: formatCount(rules.maxTicketsPerMember) }));
  return lines;
}

/** Whether a raffle's dates, rules and prizes are fixed: its sale has started, or it is drawn or switched off. */
export function isLocked(raffle: { saleStartsAt: string; status: string }, now: number): boolean {
  return raffle.status !== 'open' || now >= Date.parse(raffle.saleStartsAt);
}
