import { z } from 'zod';
import { successEnvelope } from '../envelope';

/**
 * Minutes a code is valid; the send button stays disabled expiredMinutes × 60 s (docs/product/accounts.md#sms-codes).
 */
export const SMS_EXPIRED_MINUTES = 5;
/** After SMS_TOO_MANY_REQUESTS the client waits this long (docs/product/accounts.md#sms-codes). */
export const SMS_RETRY_AFTER_SECONDS = 300;

export const CountryDialingCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, 'a dialling code of 1 to 4 digits')
  .transform((value) => value.replace(/^\+/, ''))
  .describe('Country dialling code, e.g. 82 (a leading + is allowed).');
export const MobileNumSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{5,15}$/, '5 to 15 digits')
  .describe('Mobile number without the dialling code.');

/** An ALTCHA v2 challenge; pass to the altcha widget (challengejson) or solve with altcha-lib. */
export const AltchaChallengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});
export const AltchaChallengeResponseSchema = successEnvelope(AltchaChallengeSchema);
/**
 * Who the challenge is for (POST /wps/verification/altcha): its cost rises with the failed sign-ins of
 * this account and this IP, and with the brand's captcha rule for a registration (decision 0030).
 */
export const AltchaChallengeRequestSchema = z
  .object({
    purpose: z.enum(['login', 'register']).describe('The call the solution will be sent with.'),
    type: z.enum(['username', 'sms']).default('username').describe('The sign-in type (login only).'),
    username: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe('The username, or the mobile number when type is sms (login only).'),
    countryDialingCode: CountryDialingCodeSchema.optional().describe('With a mobile number (login only).'),
  })
  .strict();
/** As a client sends it (`type` may be left out). */
export type AltchaChallengeRequest = z.input<typeof AltchaChallengeRequestSchema>;
/** The widget's payload: base64 of JSON { challenge, solution }. Each one is accepted once. */
export const AltchaPayloadSchema = z.string().min(1).max(8192).describe('ALTCHA payload of the behaviour check.');

export const SmsNoLoginRequestSchema = z
  .object({ mobileNum: MobileNumSchema, countryDialingCode: CountryDialingCodeSchema })
  .strict();
export type SmsNoLoginRequest = z.infer<typeof SmsNoLoginRequestSchema>;

export const SmsRegisterRequestSchema = z
  .object({
    mobileNo: MobileNumSchema,
    countryDialingCode: CountryDialingCodeSchema,
    type: z.enum(['username', 'mobile']).default('mobile').describe('Which registration tab asks.'),
  })
  .strict();
export type SmsRegisterRequest = z.infer<typeof SmsRegisterRequestSchema>;

export const SmsSentSchema = z.object({
  expiredMinutes: z.number().int().describe('The code is valid this many minutes; count down expiredMinutes × 60 s.'),
});
export const SmsSentResponseSchema = successEnvelope(SmsSentSchema);

export const OutboxQuerySchema = z.object({
  recipient: z.string().min(3).max(200).describe('+<dialling code><number> for SMS, the address for e-mail.'),
});
/** Development only: what the outbox providers "sent" (the demo has no SMS gateway or mail server). */
export const OutboxResponseSchema = successEnvelope(
  z.object({
    messages: z.array(
      z.object({
        channel: z.enum(['sms', 'email']),
        recipient: z.string(),
        subject: z.string(),
        body: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
);
