import { z } from 'zod';
import { successEnvelope } from '../envelope';

/**
 * Practice money a free-play guest gets at sign-in when the brand sets no amount (`practiceBalanceMajor`), in major
 * units of the brand's currency (decision 0072).
 */
export const DEFAULT_PRACTICE_BALANCE_MAJOR = 100_000;

/**
 * A free-play guest's practice balance (decision 0072): play money kept apart from the wallet and its ledger, which
 * the house games stake in practice and which never becomes real money.
 */
export const PracticeBalanceSchema = z
  .object({
    balanceMinor: z.number().int().min(0).describe('Practice money left, in minor units of the currency.'),
    currency: z.string().length(3),
    currencyExponent: z.number().int().min(0).max(4),
  })
  .nullable()
  .describe('Null for an account that has no practice money (every account but a free-play guest).');
export type PracticeBalance = z.infer<typeof PracticeBalanceSchema>;
export const PracticeBalanceResponseSchema = successEnvelope(PracticeBalanceSchema);
