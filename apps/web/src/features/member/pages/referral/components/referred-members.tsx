import type { ReferredMember } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../../lib/brand';
import styles from '../referral.module.css';

/**
 * The members who registered with my code: a table on a wide panel, a card each on a narrow one (the same rows,
 * laid out by the container's width). The date is the registration day in the brand's time zone.
 */
export function ReferredMembers({ members }: { members: ReferredMember[] }) {
  const { t, i18n } = useTranslation('member-referral');
  const timeZone = useOptionalBrand()?.brand.timeZone ?? 'Asia/Seoul';
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', { dateStyle: 'medium', timeZone });
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('list.account')}</th>
          <th scope="col">{t('list.registeredAt')}</th>
          <th scope="col">{t('list.played')}</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member, index) => (
          <tr key={`${member.account}-${member.registeredAt}-${index}`} className={styles.row}>
            <th scope="row" className={styles.account}>
              {member.account}
            </th>
            <td data-label={t('list.registeredAt')}>
              <time dateTime={member.registeredAt}>{date.format(new Date(member.registeredAt))}</time>
            </td>
            <td data-label={t('list.played')}>
              <span className={styles.badge} data-played={member.hasPlayed ? '' : undefined}>
                {member.hasPlayed ? t('list.hasPlayed') : t('list.notYet')}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
