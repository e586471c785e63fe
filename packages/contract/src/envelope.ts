import { z } from 'zod';

/** The success envelope every call answers with: `{ success: true, value }`. */
export function successEnvelope<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.literal(true),
    code: z.literal('OK').describe('Always OK on success.'),
    message: z.string().describe('Empty on success.'),
    value,
  });
}

/** The failure envelope: a stable upper-snake `code`, a translated `message` and optional detail. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.string().describe('Stable upper-snake error code from the contract (see ErrorCode).'),
  message: z.string().describe('Human-readable text in the language of the request.'),
  value: z.unknown().optional().describe('Optional machine-readable detail, e.g. { field } or { captchaRequired }.'),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type SuccessEnvelope<T> = { success: true; code: 'OK'; message: string; value: T };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
