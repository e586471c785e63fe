import type { ReferralRewardTerms, ReferredMember } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../../lib/brand';
import { formatMoney } from '../../../../../lib/format-money';
import styles from '../referral.module.css';

/** How far a count is towards its target, 0 to 100 (a target of 0 is met). */
function percentOf(done: number, target: number): number {
  return target <= 0 ? 100 : Math.min(100, Math.floor((done * 100) / target));
}

/** One measure of a friend's way to qualifying: its figures and a bar. */
function Measure({
  label,
  done,
  target,
  format,
}: {
  label: string;
  done: number;
  target: number;
  format: (minor: number) => string;
}) {
  const { t } = useTranslation('member-referral');
  const percent = percentOf(done, target);
  return (
    <div className={styles.measure}>
      <span className={styles.measureText}>
        <span>{label}</span>
        <span className={styles.figures}>{t('progress.figures', { done: format(done), target: format(target) })}</span>
      </span>
      <span
        className={styles.bar}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-met={percent >= 100 ? '' : undefined}
      >
        <span style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

/**
 * The members who registered with my code: a table on a wide panel, a card each on a narrow one (the same rows,
 * laid out by the container's width). The date is the registration day in the brand's time zone. With the brand's
 * referral rewards (decision 0057), each friend's deposits and valid bets towards qualifying, and its reward.
 */
export function ReferredMembers({ members, terms }: { members: ReferredMember[]; terms: ReferralRewardTerms }) {
  const { t, i18n } = useTranslation('member-referral');
  const timeZone = useOptionalBrand()?.brand.timeZone ?? 'Asia/Seoul';
  const locale = i18n.resolvedLanguage ?? 'ko';
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const money = (minor: number) =>
    formatMoney(minor, { currency: terms.currency, exponent: terms.currencyExponent, locale, display: 'symbol' });
  // Progress is worth showing while the brand rewards, or once a friend was rewarded or reviewed under earlier rules.
  const showsProgress = terms.enabled || members.some((member) => member.progress.status !== 'counting');
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('list.account')}</th>
          <th scope="col">{t('list.registeredAt')}</th>
          <th scope="col">{t('list.played')}</th>
          {showsProgress && <th scope="col">{t('list.progress')}</th>}
          {showsProgress && <th scope="col">{t('list.reward')}</th>}
        </tr>
      </thead>
      <tbody>
        {members.map((member, index) => {
          const { progress } = member;
          return (
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
              {showsProgress && (
                <td data-label={t('list.progress')} className={styles.progressCell}>
                  {progress.status === 'counting' ? (
                    <span className={styles.measures}>
                      <Measure
                        label={t('progress.deposit')}
                        done={progress.depositMinor}
                        target={terms.minDepositMinor}
                        format={money}
                      />
                      <Measure
                        label={t('progress.turnover')}
                        done={progress.turnoverMinor}
                        target={terms.minTurnoverMinor}
                        format={money}
                      />
                    </span>
                  ) : (
                    <span className={styles.muted}>{t('progress.qualified')}</span>
                  )}
                </td>
              )}
              {showsProgress && (
                <td data-label={t('list.reward')}>
                  <span className={styles.badge} data-status={progress.status}>
                    {progress.status === 'paid' && progress.rewardMinor !== null
                      ? t('status.paid', { amount: money(progress.rewardMinor) })
                      : t(`status.${progress.status}`)}
                  </span>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
