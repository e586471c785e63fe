import { z } from 'zod';
import { successEnvelope } from '../envelope';
import {
  AdjustmentRequestSchema,
  BettingRecordDetailSchema,
  BettingRecordSchema,
  ConsolidatedFundsSchema,
  ROUND_STATUSES,
} from '../wallet/index';
import { BrandParamsSchema } from './operators';
import { pageSchema, PageRequestSchema } from './paging';

// A brand's players in the back office (docs/decisions/0035-back-office-players.md): the search, a player's page
// (profile, balances, ledger, rounds, sessions, sign-ins, notes) and what operators do to an account.

/** What the player search matches `q` against. */
export const PLAYER_SEARCH_FIELDS = ['account', 'id', 'phone', 'email', 'ip'] as const;
export type PlayerSearchField = (typeof PLAYER_SEARCH_FIELDS)[number];
export const PLAYER_STATUSES = ['active', 'locked', 'closed'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
/** How a sign-in was made: the password, an SMS code, the second check of a new IP, free play, right after
 * registering, or a recovery by phone. */
export const SIGN_IN_METHODS = ['password', 'sms', 'second-check', 'free-play', 'registration', 'recovery'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
/**
 * The kinds of ledger movement: a vendor's debit, credit or rollback, an operator's cancel of a round, an adjustment,
 * a member's transfer between the main wallet and a vendor wallet (amount: the main wallet's change), the cashier's
 * deposit, a withdrawal held, released, paid out or refunded, and a transfer to the upline (decision 0038) or from an
 * agent to its downline (decision 0062).
 */
export const MOVEMENT_KINDS = [
  'vendor_debit',
  'vendor_credit',
  'vendor_rollback',
  'round_cancel',
  'adjustment',
  'transfer',
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'withdrawal_refund',
  'upline_transfer',
  'downline_transfer',
  'point_conversion',
  'point_purchase',
  'point_purchase_refund',
  'vip_bonus',
  'bonus',
  'bonus_forfeit',
  'bonus_release',
  'rebate',
  'mission',
  'leaderboard',
  'referral',
  'raffle',
  'agent_dividend',
  'agent_salary',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const PLAYER_NOTE_MAX_LENGTH = 2000;

const isIp = (value: string) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success;

/** The search's rule for `q` by field: what each can match. */
const SEARCH_RULES: Record<PlayerSearchField, { test: (q: string) => boolean; message: string }> = {
  account: { test: (q) => q.length >= 1 && q.length <= 64, message: '1 to 64 characters' },
  id: { test: (q) => /^\d{1,15}$/.test(q), message: 'a member ID (digits)' },
  phone: { test: (q) => (q.match(/\d/g) ?? []).length >= 4, message: 'a phone number (at least 4 digits)' },
  email: { test: (q) => /^[^\s@]+@[^\s@]+$/.test(q), message: 'an e-mail address' },
  ip: { test: isIp, message: 'an IPv4 or IPv6 address' },
};

export const PlayerSearchQuerySchema = PageRequestSchema.extend({
  by: z
    .enum(PLAYER_SEARCH_FIELDS)
    .default('account')
    .describe(
      'account: accounts starting with q (any case), in account order; id: the member ID; phone: the mobile ' +
        'number without its dialling code (a leading 0 is ignored); email: the whole address (any case); ip: ' +
        'players who registered or signed in from it. Free-play guests are never found.',
    ),
  q: z.string().trim().min(1).max(100).describe('What to look for.'),
}).superRefine((query, context) => {
  const rule = SEARCH_RULES[query.by];
  if (!rule.test(query.q)) context.addIssue({ code: 'custom', path: ['q'], message: rule.message });
});
export type PlayerSearchQuery = z.infer<typeof PlayerSearchQuerySchema>;

export const PlayerParamsSchema = BrandParamsSchema.extend({
  playerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('The member ID.'),
});

/** A player as the search lists it. */
export const PlayerSummarySchema = z.object({
  id: z.number().int().describe('The member ID.'),
  account: z.string(),
  nickname: z.string().nullable(),
  status: z.enum(PLAYER_STATUSES).describe('locked: an operator locked it (no sign-in, sessions ended).'),
  agentType: z.number().int().describe('0 member; 1, 2, 41, 42 agents; 4 a trial account.'),
  countryDialingCode: z.string().nullable(),
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof PlayerSummarySchema>;
export const PlayerPageSchema = pageSchema(PlayerSummarySchema);
export const PlayerPageResponseSchema = successEnvelope(PlayerPageSchema);

/** A player's page: the account, its registration, sign-in and password state. */
export const PlayerProfileSchema = PlayerSummarySchema.extend({
  fullname: z.string().nullable(),
  payeeName: z.string().nullable().describe('The name on the bank account (a second check of sign-in).'),
  language: z.string().nullable(),
  rankLevel: z.number().int(),
  labels: z.array(z.string()),
  inviteCode: z.string().nullable(),
  upline: z.string().nullable().describe("The upline agent's account."),
  registerMethod: z.string().nullable(),
  registerIp: z.string().nullable(),
  registerDomain: z.string().nullable(),
  previousLoginAt: z.string().nullable(),
  statusReason: z.string().nullable().describe('Why an operator last locked or unlocked it.'),
  statusChangedAt: z.string().nullable(),
  passwordIsDefault: z.boolean().describe('An operator gave a default password: the next sign-in must change it.'),
  passwordChangedAt: z.string().nullable(),
  passwordExpired: z.boolean().describe('Older than the brand allows (90 days).'),
  forcePasswordChange: z
    .boolean()
    .describe("The brand's FORCE_PASSWORD_CHANGE: whether an expired password must be changed at sign-in."),
  failedSignIns: z.number().int().describe('Failed sign-ins on the account in the throttle window.'),
  signInWaitUntil: z.string().nullable().describe('Until when the IP of the latest failure waits (never a lock).'),
  hasAuthenticator: z.boolean(),
  isFreePlay: z.boolean().describe('A free-play guest: play money only, removed after it expires.'),
  expiresAt: z.string().nullable().describe("A free-play guest's end."),
  currency: z.string().describe("The brand's currency, which every amount of the player is in."),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
});
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;
export const PlayerProfileResponseSchema = successEnvelope(PlayerProfileSchema);

/** The player's wallets and the stakes riding on open rounds, as the player's wallet panel shows them. */
export const PlayerBalancesResponseSchema = successEnvelope(ConsolidatedFundsSchema);

// ---- Ledger ----

export const PlayerLedgerQuerySchema = PageRequestSchema;

/** One movement of the player's money, newest first. */
export const LedgerMovementSchema = z.object({
  id: z.string().describe('Increasing: a later movement has a larger id.'),
  at: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  amountMinor: z.number().int().describe('Into the wallet (positive) or out of it (negative).'),
  balanceAfterMinor: z.number().int().describe('The balance right after it.'),
  currency: z.string(),
  reason: z.string().nullable().describe("An adjustment's reason."),
  reference: z
    .string()
    .describe(
      "An adjustment's idempotency key; a vendor's transaction id (…/rollback for its rollback), as the round's " +
        'detail lists it.',
    ),
});
export type LedgerMovement = z.infer<typeof LedgerMovementSchema>;
export const LedgerPageSchema = pageSchema(LedgerMovementSchema);
export const LedgerPageResponseSchema = successEnvelope(LedgerPageSchema);

// ---- Rounds ----

export const PlayerRoundsQuerySchema = PageRequestSchema.extend({
  status: z.enum(ROUND_STATUSES).optional(),
  vassalage: z.string().trim().min(1).max(64).optional().describe("A vendor's code."),
});
export type PlayerRoundsQuery = z.infer<typeof PlayerRoundsQuerySchema>;
export const PlayerRoundPageSchema = pageSchema(BettingRecordSchema);
export const PlayerRoundPageResponseSchema = successEnvelope(PlayerRoundPageSchema);
export const PlayerRoundParamsSchema = PlayerParamsSchema.extend({
  vassalage: z.string().min(1).max(64),
  roundId: z.string().min(1).max(128),
});
/** One round as the player's own wallet panel shows it: its money moves and the vendor's replay data. */
export const PlayerRoundResponseSchema = successEnvelope(BettingRecordDetailSchema);

// ---- Sessions and sign-ins ----

/** A live session of the player (signed in, not ended, not idle past its window). */
export const PlayerSessionSchema = z.object({
  id: z.number().int(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  country: z.string().describe("ISO 3166 alpha-2 of the sign-in's IP; '' when unknown."),
  userAgent: z.string(),
});
export type PlayerSession = z.infer<typeof PlayerSessionSchema>;
export const PlayerSessionsSchema = z.object({ items: z.array(PlayerSessionSchema) });
export const PlayerSessionsResponseSchema = successEnvelope(PlayerSessionsSchema);
export const PlayerSessionParamsSchema = PlayerParamsSchema.extend({ sessionId: z.coerce.number().int().positive() });
export const EndPlayerSessionsResponseSchema = successEnvelope(
  z.object({ ended: z.number().int().describe('Sessions ended; a game they launched takes no new stake.') }),
);

/** One sign-in, newest first. */
export const PlayerSignInSchema = z.object({
  id: z.string(),
  at: z.string(),
  ip: z.string(),
  country: z.string().describe("ISO 3166 alpha-2 of the IP when it signed in; '' when unknown or private."),
  userAgent: z.string(),
  method: z.enum(SIGN_IN_METHODS).nullable().describe('null for sign-ins recorded before methods were.'),
  sessionLive: z.boolean().describe('Whether the session it opened is still live.'),
  sessionId: z.number().int().nullable(),
});
export type PlayerSignIn = z.infer<typeof PlayerSignInSchema>;
export const PlayerSignInPageSchema = pageSchema(PlayerSignInSchema);
export const PlayerSignInPageResponseSchema = successEnvelope(PlayerSignInPageSchema);

// ---- Notes ----

export const PlayerNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  author: z.string().describe("The operator's login, or cli:<OS user>."),
  operatorId: z.number().int().nullable(),
  body: z.string(),
});
export type PlayerNote = z.infer<typeof PlayerNoteSchema>;
export const PlayerNotePageSchema = pageSchema(PlayerNoteSchema);
export const PlayerNotePageResponseSchema = successEnvelope(PlayerNotePageSchema);
export const AddPlayerNoteRequestSchema = z
  .object({
    body: z
      .string()
      .trim()
      .min(1)
      .max(PLAYER_NOTE_MAX_LENGTH)
      .describe(`What operators should know, 1 to ${PLAYER_NOTE_MAX_LENGTH} characters. Notes are never changed.`),
  })
  .strict();
export type AddPlayerNoteRequest = z.infer<typeof AddPlayerNoteRequestSchema>;
export const PlayerNoteResponseSchema = successEnvelope(PlayerNoteSchema);

// ---- Account actions ----

/** Lock or unlock: the reason is kept on the account and in the audit trail. */
export const PlayerStatusRequestSchema = z
  .object({ reason: z.string().trim().min(3).max(500).describe('Why, for the audit trail and the next operator.') })
  .strict();
export type PlayerStatusRequest = z.infer<typeof PlayerStatusRequestSchema>;

export const ExpirePasswordResponseSchema = successEnvelope(
  z.object({
    forced: z
      .boolean()
      .describe(
        "Whether the next sign-in must change it: the brand's FORCE_PASSWORD_CHANGE is on, else it only warns.",
      ),
  }),
);

export const DefaultPasswordRequestSchema = z
  .object({
    password: z
      .string()
      .min(8)
      .max(64)
      .regex(/^\S+$/, 'no spaces')
      .optional()
      .describe('The temporary password to give; absent: one is generated.'),
  })
  .strict();
export type DefaultPasswordRequest = z.infer<typeof DefaultPasswordRequestSchema>;
export const DefaultPasswordResponseSchema = successEnvelope(
  z.object({
    password: z.string().describe('The temporary password, for the operator to hand over; shown this once.'),
    endedSessions: z.number().int(),
  }),
);

/** A credit (positive) or debit (negative) of the player, as `npm run admin -- wallet adjust` makes it. */
export const PlayerAdjustmentRequestSchema = AdjustmentRequestSchema.pick({
  amountMinor: true,
  reason: true,
  idempotencyKey: true,
})
  .extend({
    idempotencyKey: AdjustmentRequestSchema.shape.idempotencyKey.describe(
      'Made once per adjustment by the page: a repeat with the same key moves nothing and answers applied false.',
    ),
  })
  .strict();
export type PlayerAdjustmentRequest = z.infer<typeof PlayerAdjustmentRequestSchema>;
export const PlayerAdjustmentResponseSchema = successEnvelope(
  z.object({
    applied: z.boolean().describe('False: this key was used before for the same adjustment, and nothing moved.'),
    balanceMinor: z.number().int(),
    currency: z.string(),
  }),
);
