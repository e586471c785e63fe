import type { BoMission, MissionGoal } from '@parlay/contract';
import type { TFunction } from 'i18next';
import { formatCount } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';

/** Whether a goal's target is money (minor units) rather than a count of rounds or days. */
export function isMoneyGoal(goal: MissionGoal): boolean {
  return goal === 'wager' || goal === 'deposit';
}

/** Whether a goal may be limited to one game type (rounds and wager count rounds; deposits and sign-ins do not). */
export function takesGameType(goal: MissionGoal): boolean {
  return goal === 'rounds' || goal === 'wager';
}

/**
 * A mission's goal in words, in the operator's language: "Play 10 rounds", "Wager ₩100,000 on slots", "Deposit
 * ₩50,000", "Sign in 3 days in a row".
 */
export function goalInWords(
  t: TFunction<'missions'>,
  mission: Pick<BoMission, 'goal' | 'gameType' | 'target'>,
  currency: string,
): string {
  const amount = isMoneyGoal(mission.goal) ? formatMoney(mission.target, currency) : formatCount(mission.target);
  const where = takesGameType(mission.goal) && mission.gameType ? 'On' : '';
  return t(`words.${mission.goal}${where}`, {
    count: mission.target,
    amount,
    gameType: mission.gameType ? t(`gameTypesIn.${mission.gameType}`) : '',
  });
}
