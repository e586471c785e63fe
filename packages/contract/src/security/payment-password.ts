import { z } from 'zod';
import { successEnvelope } from '../envelope';

// The member's payment password (docs/product/member-centre.md#payment-password): 6 digits, asked before money or
// points leave the account (withdrawals, points redemption and conversion).

/** Digits of a payment password (the registration rule `paymentPassword`: DIGITS, 6 to 6). */
export const PAYMENT_PASSWORD_LENGTH = 6;
/** Wrong payment passwords in a row that lock it. */
export const PAYMENT_PASSWORD_MAX_ATTEMPTS = 5;
/** How long a payment password stays locked after the last wrong try. */
export const PAYMENT_PASSWORD_LOCK_MINUTES = 15;

export const PAYMENT_PASSWORD_CHANNELS = ['sms', 'email'] as const;
export type PaymentPasswordChannel = (typeof PAYMENT_PASSWORD_CHANNELS)[number];

const paymentPassword = z
  .string()
  .max(50)
  .describe(`${PAYMENT_PASSWORD_LENGTH} digits; another shape is refused with PAYMENT_PASSWORD_FORMAT.`);

export const PaymentPasswordStatusSchema = z.object({
  isSet: z.boolean(),
  lockedUntil: z
    .string()
    .nullable()
    .describe('While locked after too many wrong tries: when it unlocks (ISO). A reset by code unlocks it too.'),
  attemptsLeft: z.number().int().min(0).describe('Wrong tries left before the lock.'),
  resetTargets: z
    .array(z.object({ channel: z.enum(PAYMENT_PASSWORD_CHANNELS), target: z.string().describe('Masked.') }))
    .describe("Where a reset code can go: the member's bound mobile and e-mail."),
});
export type PaymentPasswordStatus = z.infer<typeof PaymentPasswordStatusSchema>;
export const PaymentPasswordStatusResponseSchema = successEnvelope(PaymentPasswordStatusSchema);

export const SetPaymentPasswordRequestSchema = z
  .object({
    loginPassword: z.string().min(1).max(100).describe("The member's login password."),
    newPassword: paymentPassword,
  })
  .strict();
export type SetPaymentPasswordRequest = z.infer<typeof SetPaymentPasswordRequestSchema>;

export const ChangePaymentPasswordRequestSchema = z
  .object({
    oldPassword: z.string().min(1).max(50).describe('The current payment password; a wrong one counts.'),
    newPassword: paymentPassword,
  })
  .strict();
export type ChangePaymentPasswordRequest = z.infer<typeof ChangePaymentPasswordRequestSchema>;

export const SendPaymentPasswordCodeRequestSchema = z
  .object({ channel: z.enum(PAYMENT_PASSWORD_CHANNELS).describe('The bound mobile (sms) or e-mail.') })
  .strict();
export type SendPaymentPasswordCodeRequest = z.infer<typeof SendPaymentPasswordCodeRequestSchema>;
export const PaymentPasswordCodeSentSchema = z.object({
  target: z.string().describe('Where the code went, masked.'),
  expiresInMinutes: z.number().int(),
});
export type PaymentPasswordCodeSent = z.infer<typeof PaymentPasswordCodeSentSchema>;
export const PaymentPasswordCodeSentResponseSchema = successEnvelope(PaymentPasswordCodeSentSchema);

export const ResetPaymentPasswordRequestSchema = z
  .object({
    channel: z.enum(PAYMENT_PASSWORD_CHANNELS),
    code: z.string().trim().min(1).max(10).describe('The code sent through that channel; good once.'),
    newPassword: paymentPassword,
  })
  .strict();
export type ResetPaymentPasswordRequest = z.infer<typeof ResetPaymentPasswordRequestSchema>;

export const PaymentPasswordChangedResponseSchema = successEnvelope(z.null());
