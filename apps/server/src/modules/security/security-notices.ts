import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MemberService } from '../member/index';
import type { Merchant } from '../merchant/index';
import type { MessagesService, TemplateKey, TemplateParams } from '../messages/index';
import type { AuthenticatedMember } from '../session/index';
import { smsTarget, type CodeService } from '../verification/index';

/**
 * A change of the account's security that the member is told of, by mail box and by e-mail or SMS. Its words are the
 * message template of the same key (message_templates, KO and EN), the mailbox's and the e-mail's alike.
 */
export type SecurityNotice = Extract<TemplateKey, `security${string}`>;

/** Where the member can be told: the bound e-mail and mobile. */
export interface NoticeRecipient {
  merchantId: number;
  email: string | null;
  countryDialingCode: string | null;
  mobileNum: string | null;
}

/**
 * Tells the member of a security change by e-mail (subject `[site] title`) and SMS (the text) through the outbox,
 * after the change is committed. The outbox row is written before the provider is called; a provider's failure
 * leaves the change made and the row there to see, so it is not the member's error.
 */
export async function sendSecurityNotice(
  codes: CodeService,
  recipient: NoticeRecipient,
  notice: { title: string; body: string },
  site: string,
): Promise<void> {
  const subject = `[${site}] ${notice.title}`;
  const sends: Promise<void>[] = [];
  if (recipient.email) {
    sends.push(codes.sendMail(recipient.merchantId, recipient.email.toLowerCase(), subject, notice.body));
  }
  if (recipient.mobileNum && recipient.countryDialingCode) {
    sends.push(
      codes.sendSms(recipient.merchantId, smsTarget(recipient.countryDialingCode, recipient.mobileNum), notice.body),
    );
  }
  await Promise.allSettled(sends);
}

/** What a notice is written and sent with. */
export interface NoticeServices {
  members: MemberService;
  messages: MessagesService;
  codes: CodeService;
}

/**
 * A change's notice: into the mailbox from its template in the change's transaction (the badge told after the
 * commit), then by e-mail and SMS once it is made.
 */
export async function prepareSecurityNotice(
  services: NoticeServices,
  merchant: Merchant,
  member: AuthenticatedMember,
  templateKey: SecurityNotice,
  params: TemplateParams = {},
) {
  const account = await services.members.findById(merchant.id, member.id);
  if (!account) throw new AppError('NOT_LOGGED_IN');
  const recipient = {
    merchantId: merchant.id,
    email: account.email,
    countryDialingCode: account.countryDialingCode,
    mobileNum: account.mobileNum,
  };
  return {
    toMailbox: (tx: Executor) => services.messages.sendSystemMessage(tx, member, templateKey, params),
    send: async () => {
      await services.messages.announceUnread({ merchantId: merchant.id, memberId: member.id });
      const text = await services.messages.renderSystemMessage(member, templateKey, params);
      await sendSecurityNotice(services.codes, recipient, text, merchant.brand.name);
    },
  };
}
