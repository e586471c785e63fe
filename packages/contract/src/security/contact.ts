import { z } from 'zod';
import { CountryDialingCodeSchema } from '../accounts/verification';
import { successEnvelope } from '../envelope';

// Binding or changing the member's mobile number and e-mail (docs/product/member-centre.md#mobile-number-and-e-mail):
// a change is one ticket that expires, proved in order: the bound contact first (a code sent to it, or the login
// password when none is bound), then the new one (a code sent to it).

export const CONTACT_KINDS = ['mobile', 'email'] as const;
export const ContactKindSchema = z.enum(CONTACT_KINDS);
export type ContactKind = z.infer<typeof ContactKindSchema>;
/** How long a change stays open from its start: both codes must be proved within it. */
export const CONTACT_CHANGE_SECONDS = 15 * 60;

export const BoundContactsSchema = z.object({
  mobile: z
    .object({
      masked: z.string().describe('The bound number, masked: "+82 10****5678".'),
      countryDialingCode: z.string(),
    })
    .nullable()
    .describe('null when no mobile number is bound.'),
  email: z
    .object({ masked: z.string().describe('The bound address, masked: "de**@parlay.example".') })
    .nullable()
    .describe('null when no e-mail is bound.'),
});
export type BoundContacts = z.infer<typeof BoundContactsSchema>;
export const BoundContactsResponseSchema = successEnvelope(BoundContactsSchema);

export const CONTACT_CHANGE_STEPS = ['verifyCurrent', 'newContact', 'verifyNew'] as const;
export const ContactChangeSchema = z.object({
  ticketId: z.string().uuid().describe('The change; every later call names it.'),
  kind: ContactKindSchema,
  step: z
    .enum(CONTACT_CHANGE_STEPS)
    .describe(
      'What the change waits for: the code sent to the bound contact, the new contact, or the code sent to the new one.',
    ),
  maskedCurrent: z.string().nullable().describe('The bound contact, masked; null when binding one for the first time.'),
  maskedNew: z.string().nullable().describe('The new contact, masked, once named.'),
  expiredMinutes: z
    .number()
    .int()
    .nullable()
    .describe('A code was sent now, valid this many minutes (count the send button down × 60 s); null when none was.'),
  expiresInSeconds: z.number().int().min(0).describe('Seconds before the whole change expires.'),
});
export type ContactChange = z.infer<typeof ContactChangeSchema>;
export const ContactChangeResponseSchema = successEnvelope(ContactChangeSchema);

export const StartContactChangeRequestSchema = z
  .object({
    kind: ContactKindSchema,
    password: z
      .string()
      .max(200)
      .optional()
      .describe('The login password: needed, and only read, when no contact of this kind is bound yet.'),
  })
  .strict();
export type StartContactChangeRequest = z.infer<typeof StartContactChangeRequestSchema>;

const TicketIdSchema = z.string().uuid();
const CodeSchema = z.string().trim().max(255);

export const ContactCodeRequestSchema = z
  .object({ ticketId: TicketIdSchema, code: CodeSchema.describe('The 6-digit code sent.') })
  .strict();
export type ContactCodeRequest = z.infer<typeof ContactCodeRequestSchema>;

export const NewContactRequestSchema = z
  .object({
    ticketId: TicketIdSchema,
    countryDialingCode: CountryDialingCodeSchema.optional().describe('With mobileNum, for a mobile change.'),
    mobileNum: z.string().trim().max(20).optional().describe("The new number, by the brand's mobile-number rule."),
    email: z.string().trim().max(200).optional().describe("The new address, by the brand's e-mail rule."),
  })
  .strict();
export type NewContactRequest = z.infer<typeof NewContactRequestSchema>;
