import {
  BoundContactsResponseSchema,
  CONTACT_CALLS,
  ContactChangeResponseSchema,
  ContactCodeRequestSchema,
  NewContactRequestSchema,
  StartContactChangeRequestSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

const TAGS = ['security'];
// Codes are 6 digits and each counts its wrong guesses (five spend it); the password of a first binding is checked
// here too. Besides those, a plain cap per client. Sends are limited by the code service (per target and per IP).
const CODE_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

/**
 * Binding or changing the mobile number and e-mail (docs/product/member-centre.md#mobile-number-and-e-mail): a real
 * member's own contacts only.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contacts } = app.accounts;

  app.get(
    CONTACT_CALLS.contacts.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'The bound mobile number and e-mail, masked',
        response: { 200: BoundContactsResponseSchema },
      },
    },
    async (request) => ok(await contacts.contacts(request.merchant, request.member!)),
  );

  app.post(
    CONTACT_CALLS.startContactChange.path,
    {
      config: { auth: 'realMember', rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Opens a change of the mobile number or e-mail: a code to the bound one, or the login password',
        description:
          'With a contact of the kind bound, a code is sent to it (step verifyCurrent). With none, the login password ' +
          'is the proof (step newContact). A new start closes the open change of the kind. The change expires after ' +
          'CONTACT_CHANGE_SECONDS.',
        body: StartContactChangeRequestSchema,
        response: { 200: ContactChangeResponseSchema },
      },
    },
    async (request) => ok(await contacts.start(request.merchant, request.member!, request.body, request.ip)),
  );

  app.post(
    CONTACT_CALLS.verifyCurrentContact.path,
    {
      config: { auth: 'realMember', rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Proves the bound mobile number or e-mail with the code sent to it',
        body: ContactCodeRequestSchema,
        response: { 200: ContactChangeResponseSchema },
      },
    },
    async (request) => ok(await contacts.verifyCurrent(request.merchant, request.member!, request.body)),
  );

  app.post(
    CONTACT_CALLS.sendNewContactCode.path,
    {
      config: { auth: 'realMember', rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Names the new mobile number or e-mail and sends it a code',
        description:
          "Checked by the brand's registration rule for the field; refused when it is the bound one " +
          '(CONTACT_UNCHANGED) or another member of the brand has it (MOBILE_EXISTS, EMAIL_EXISTS).',
        body: NewContactRequestSchema,
        response: { 200: ContactChangeResponseSchema },
      },
    },
    async (request) => ok(await contacts.sendNew(request.merchant, request.member!, request.body, request.ip)),
  );

  app.post(
    CONTACT_CALLS.confirmContactChange.path,
    {
      config: { auth: 'realMember', rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Proves the new mobile number or e-mail with its code: the change is made and announced',
        body: ContactCodeRequestSchema,
        response: { 200: BoundContactsResponseSchema },
      },
    },
    async (request) => ok(await contacts.confirm(request.merchant, request.member!, request.body)),
  );
};
