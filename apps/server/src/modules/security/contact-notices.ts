import type { ContactKind } from '@parlay/contract';
import { smsTarget, type CodeService } from '../verification/index';

// A change of mobile number or e-mail is told to the contacts the member had before it: the replaced one above all,
// since whoever made the change controls the new one.

const TEXTS: Record<ContactKind, Record<'ko' | 'en', { subject: string; body: string }>> = {
  mobile: {
    ko: {
      subject: '[{site}] 휴대폰 번호가 변경되었습니다',
      body: '{site} 계정의 휴대폰 번호가 {contact}(으)로 변경되었습니다. 직접 하지 않았다면 바로 비밀번호를 바꾸고 고객센터에 알려 주세요.',
    },
    en: {
      subject: '[{site}] Your mobile number was changed',
      body: 'The mobile number of your {site} account is now {contact}. If this was not you, change your password and contact customer service now.',
    },
  },
  email: {
    ko: {
      subject: '[{site}] 이메일이 변경되었습니다',
      body: '{site} 계정의 이메일이 {contact}(으)로 변경되었습니다. 직접 하지 않았다면 바로 비밀번호를 바꾸고 고객센터에 알려 주세요.',
    },
    en: {
      subject: '[{site}] Your e-mail was changed',
      body: 'The e-mail of your {site} account is now {contact}. If this was not you, change your password and contact customer service now.',
    },
  },
};

/** The notice's subject and text in the member's language (Korean for KO, else English). */
export function renderContactNotice(
  kind: ContactKind,
  language: string | null,
  site: string,
  maskedContact: string,
): { subject: string; body: string } {
  const texts = TEXTS[kind][language?.toUpperCase().startsWith('KO') ? 'ko' : 'en'];
  const fill = (text: string) => text.replaceAll('{site}', site).replaceAll('{contact}', maskedContact);
  return { subject: fill(texts.subject), body: fill(texts.body) };
}

/**
 * Sends the notice, after the change is committed, to the e-mail and mobile the member had before it (the replaced one
 * and the other, unchanged). The outbox row is written before the provider is called; a provider's failure leaves the
 * change made and the row there to see.
 */
export async function sendContactNotice(
  codes: CodeService,
  before: { merchantId: number; email: string | null; countryDialingCode: string | null; mobileNum: string | null },
  notice: { subject: string; body: string },
): Promise<void> {
  const sends: Promise<void>[] = [];
  if (before.email)
    sends.push(codes.sendMail(before.merchantId, before.email.toLowerCase(), notice.subject, notice.body));
  if (before.mobileNum && before.countryDialingCode) {
    sends.push(codes.sendSms(before.merchantId, smsTarget(before.countryDialingCode, before.mobileNum), notice.body));
  }
  await Promise.allSettled(sends);
}
