import { z } from 'zod';
import { successEnvelope } from '../envelope';

/** Minutes a code is valid; the send button stays disabled expiredMinutes × 60 s (spec 01 §9). */
export const SMS_EXPIRED_MINUTES = 5;
/** After SMS_TOO_MANY_REQUESTS the client waits this long (spec 01 §9). */
export const SMS_RETRY_AFTER_SECONDS = 300;
/** The image captcha may be refreshed once a second (spec 01 §9). */
export const CAPTCHA_REFRESH_MS = 1000;
/** An image captcha is valid this long. */
export const CAPTCHA_TTL_SECONDS = 120;

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

export const CaptchaSchema = z.object({
  captchaId: z.string().uuid().describe('Send back as captchaId with the answer in captcha.'),
  image: z.string().describe('data:image/svg+xml;base64,... — show as an <img> source.'),
  expiresInSeconds: z.number().int(),
});
export type Captcha = z.infer<typeof CaptchaSchema>;
export const CaptchaResponseSchema = successEnvelope(CaptchaSchema);

/** An ALTCHA v2 challenge; pass to the altcha widget (challengejson) or solve with altcha-lib. */
export const AltchaChallengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});
export const AltchaChallengeResponseSchema = successEnvelope(AltchaChallengeSchema);
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
