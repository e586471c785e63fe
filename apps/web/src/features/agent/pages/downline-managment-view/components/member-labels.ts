import type { DownlineMember } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../../lib/brand';
import { isAgentType } from '../../../lib/agent-types';

/** The texts of a downline member's type, status and dates, in the member's language and the brand's time zone. */
export function useMemberLabels() {
  const { t, i18n } = useTranslation('member-agent');
  const timeZone = useOptionalBrand()?.brand?.timeZone ?? 'Asia/Seoul';
  const locale = i18n.resolvedLanguage ?? 'ko';
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  return {
    typeOf: (member: DownlineMember) => t(isAgentType(member.type) ? 'team.types.agent' : 'team.types.member'),
    statusOf: (member: DownlineMember) => t(`team.status.${member.status}`),
    lastLoginOf: (member: DownlineMember) =>
      member.lastLoginAt ? dateTime.format(new Date(member.lastLoginAt)) : t('team.never'),
    registeredOf: (member: DownlineMember) => date.format(new Date(member.createdAt)),
  };
}
