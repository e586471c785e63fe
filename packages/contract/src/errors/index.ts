import { accountErrors } from './accounts';
import { commonErrors } from './common';
import { protectionErrors } from './protection';
import { systemErrors } from './system';
import { vendorErrors } from './vendor';
import { transfersErrors } from './transfers';
import { kycErrors } from './kyc';
import { gamesErrors } from './games';
import { walletErrors } from './wallet';
import { backofficeErrors } from './backoffice';
import { securityErrors } from './security';
import { messagesErrors } from './messages';
import { contactErrors } from './contact';
import { withdrawalErrors } from './withdrawals';
import { cashierErrors } from './cashier';
import { pointMallErrors } from './point-mall';
import { pointsErrors } from './points';
import { vipErrors } from './vip';
import { rebatesErrors } from './rebates';
import { bonusErrors } from './bonuses';
import { applicationErrors } from './applications';
import { missionErrors } from './missions';
import { referralErrors } from './referral';
import { leaderboardErrors } from './leaderboards';
import { raffleErrors } from './raffles';
import { promotionErrors } from './promotions';
import { agentErrors } from './agents';
import { supportErrors } from './support';
import type { ErrorDefinition } from './define';

export type { ErrorDefinition } from './define';
export { defineErrors } from './define';

/**
 * The whole error catalogue. Each feature keeps its codes in its own file under `errors/` and adds
 * them here; a code is never renamed or reused once it has shipped.
 */
export const ERRORS = {
  ...commonErrors,
  ...protectionErrors,
  ...systemErrors,
  ...accountErrors,
  ...vendorErrors,
  ...transfersErrors,
  ...kycErrors,
  ...gamesErrors,
  ...walletErrors,
  ...backofficeErrors,
  ...messagesErrors,
  ...securityErrors,
  ...contactErrors,
  ...withdrawalErrors,
  ...cashierErrors,
  ...pointMallErrors,
  ...pointsErrors,
  ...vipErrors,
  ...rebatesErrors,
  ...bonusErrors,
  ...applicationErrors,
  ...missionErrors,
  ...referralErrors,
  ...leaderboardErrors,
  ...raffleErrors,
  ...promotionErrors,
  ...agentErrors,
  ...supportErrors,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}
