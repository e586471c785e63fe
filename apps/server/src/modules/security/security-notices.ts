import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MemberService } from '../member/index';
import type { Merchant } from '../merchant/index';
import type { MessagesService } from '../messages/index';
import type { AuthenticatedMember } from '../session/index';
import { smsTarget, type CodeService } from '../verification/index';

/** A change of the account's security that the member is told of, by mail box and by e-mail or SMS. */
export type SecurityNotice =
  'securityTotpEnabled' | 'securityTotpRemoved' | 'securityPaymentPasswordSet' | 'securityPaymentPasswordReset';

/** Where the member can be told: the bound e-mail and mobile, and the language of the texts. */
export interface NoticeRecipient {
  merchantId: number;
  memberId: number;
  email: string | null;
  countryDialingCode: string | null;
  mobileNum: string | null;
  language: string | null;
}

const TEXTS: Record<SecurityNotice, { ko: { subject: string; body: string }; en: { subject: string; body: string } }> =
  {
    securityTotpEnabled: {
      ko: {
        subject: '[{site}] 인증 앱이 등록되었습니다',
        body: '{site} 계정에 인증 앱이 등록되었습니다. 직접 하지 않았다면 바로 고객센터에 알려 주세요.',
      },
      en: {
        subject: '[{site}] An authenticator was set up',
        body: 'An authenticator was set up on your {site} account. If this was not you, contact customer service now.',
      },
    },
    securityTotpRemoved: {
      ko: {
        subject: '[{site}] 인증 앱이 삭제되었습니다',
        body: '{site} 계정의 인증 앱이 삭제되었습니다. 직접 하지 않았다면 바로 비밀번호를 바꾸고 고객센터에 알려 주세요.',
      },
      en: {
        subject: '[{site}] The authenticator was removed',
        body: 'The authenticator of your {site} account was removed. If this was not you, change your password and contact customer service now.',
      },
    },
    securityPaymentPasswordSet: {
      ko: {
        subject: '[{site}] 결제 비밀번호가 설정되었습니다',
        body: '{site} 계정의 결제 비밀번호가 설정 또는 변경되었습니다. 직접 하지 않았다면 바로 고객센터에 알려 주세요.',
      },
      en: {
        subject: '[{site}] Your payment password was set',
        body: 'The payment password of your {site} account was set or changed. If this was not you, contact customer service now.',
      },
    },
    securityPaymentPasswordReset: {
      ko: {
        subject: '[{site}] 결제 비밀번호가 재설정되었습니다',
        body: '{site} 계정의 결제 비밀번호가 인증번호로 재설정되었습니다. 직접 하지 않았다면 바로 비밀번호를 바꾸고 고객센터에 알려 주세요.',
      },
      en: {
        subject: '[{site}] Your payment password was reset',
        body: 'The payment password of your {site} account was reset with a code. If this was not you, change your password and contact customer service now.',
      },
    },
  };

const fill = (text: string, site: string) => text.replaceAll('{site}', site);

/** The notice's subject and text in the member's language (Korean for KO, else English), the site's name filled. */
export function renderSecurityNotice(
  notice: SecurityNotice,
  language: string | null,
  site: string,
): { title: string; body: string } {
  const texts = TEXTS[notice][language?.toUpperCase().startsWith('KO') ? 'ko' : 'en'];
  return { title: fill(texts.subject, site), body: fill(texts.body, site) };
}

/**
 * Tells the member of a security change by e-mail and SMS through the outbox, after the change is committed. The
 * outbox row is written before the provider is called; a provider's failure leaves the change made and the row
 * there to see, so it is not the member's error.
 */
export async function sendSecurityNotice(
  codes: CodeService,
  recipient: NoticeRecipient,
  notice: SecurityNotice,
  site: string,
): Promise<void> {
  const { title: subject, body } = renderSecurityNotice(notice, recipient.language, site);
  const sends: Promise<void>[] = [];
  if (recipient.email) sends.push(codes.sendMail(recipient.merchantId, recipient.email.toLowerCase(), subject, body));
  if (recipient.mobileNum && recipient.countryDialingCode) {
    sends.push(codes.sendSms(recipient.merchantId, smsTarget(recipient.countryDialingCode, recipient.mobileNum), body));
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
) {
  const account = await services.members.findById(merchant.id, member.id);
  if (!account) throw new AppError('NOT_LOGGED_IN');
  const site = merchant.brand.name;
  const recipient = {
    merchantId: merchant.id,
    memberId: member.id,
    email: account.email,
    countryDialingCode: account.countryDialingCode,
    mobileNum: account.mobileNum,
    language: account.language,
  };
  return {
    toMailbox: (tx: Executor) => services.messages.sendSystemMessage(tx, member, templateKey),
    send: async () => {
      await services.messages.announceUnread({ merchantId: merchant.id, memberId: member.id });
      await sendSecurityNotice(services.codes, recipient, templateKey, site);
    },
  };
}
