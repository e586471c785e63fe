import {
  BACKOFFICE_CALLS,
  BoWithdrawalPageResponseSchema,
  BoWithdrawalResponseSchema,
  WithdrawalSettingsResponseSchema,
} from '@parlay/contract';

/** The withdrawal pages' calls (decision 0041), as test/api.ts answers them. */
export const WITHDRAWAL_CALLS = {
  withdrawalQueue: { ...BACKOFFICE_CALLS.withdrawalQueue, schema: BoWithdrawalPageResponseSchema },
  approveWithdrawal: { ...BACKOFFICE_CALLS.approveWithdrawal, schema: BoWithdrawalResponseSchema },
  rejectWithdrawal: { ...BACKOFFICE_CALLS.rejectWithdrawal, schema: BoWithdrawalResponseSchema },
  markWithdrawalPaid: { ...BACKOFFICE_CALLS.markWithdrawalPaid, schema: BoWithdrawalResponseSchema },
  retryWithdrawalPayout: { ...BACKOFFICE_CALLS.retryWithdrawalPayout, schema: BoWithdrawalResponseSchema },
  resolveWithdrawalCase: { ...BACKOFFICE_CALLS.resolveWithdrawalCase, schema: BoWithdrawalResponseSchema },
  withdrawalSettings: { ...BACKOFFICE_CALLS.withdrawalSettings, schema: WithdrawalSettingsResponseSchema },
  saveWithdrawalSettings: { ...BACKOFFICE_CALLS.saveWithdrawalSettings, schema: WithdrawalSettingsResponseSchema },
} as const;
