import type { MyVipLevel, VipProgressItem } from '@parlay/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { addKoreanTexts } from '../../i18n';
import texts from '../../i18n/locales/ko/member-vip.json';
import { formatMoney } from '../../lib/format-money';
import styles from './vip-progress.module.css';

// The VIP texts come with the chunks that show VIP (/vip and the member centre's playerRank), not the first load.
addKoreanTexts('member-vip', texts);

/** Minor units of the VIP answer's currency as the site writes money, in the reader's language. */
export function useVipMoney(currency: string, exponent: number) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  return (minor: number) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' });
}

function ProgressBar({
  label,
  item,
  money,
}: {
  label: string;
  item: VipProgressItem;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation('member-vip');
  const figures =
    item.targetMinor === 0
      ? t('progress.notRequired')
      : t('progress.ofTarget', { current: money(item.currentMinor), target: money(item.targetMinor) });
  return (
    <div className={styles.item}>
      <div className={styles.itemHead}>
        <span className={styles.itemLabel}>{label}</span>
        <span className={styles.figures}>{figures}</span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.percent}
        aria-valuetext={`${item.percent}% · ${figures}`}
      >
        <span className={styles.fill} data-met={item.percent >= 100} style={{ width: `${item.percent}%` }} />
      </div>
      <span className={styles.percent} aria-hidden="true">
        {item.percent}%
      </span>
    </div>
  );
}

/**
 * How far the member is towards the next level: valid bets and deposits over the rolling period, each a bar with
 * its figures (docs/product/member-centre.md#vip-and-rank); then whether the figures keep the level held now.
 */
export function VipProgress({ mine, headingLevel = 3 }: { mine: MyVipLevel; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('member-vip');
  const money = useVipMoney(mine.currency, mine.currencyExponent);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <section className={styles.progress} aria-labelledby={titleId}>
      {mine.next ? (
        <>
          <Heading id={titleId} className={styles.title}>
            {t('progress.title', { name: mine.next.name })}
          </Heading>
          <ProgressBar label={t('progress.validBet')} item={mine.next.validBet} money={money} />
          <ProgressBar label={t('progress.deposit')} item={mine.next.deposit} money={money} />
          <p className={styles.note}>{t('progress.period', { days: mine.periodDays })}</p>
        </>
      ) : (
        <>
          <Heading id={titleId} className={styles.title}>
            {t('progress.top')}
          </Heading>
          <p className={styles.note}>{t('progress.topText', { name: mine.name })}</p>
        </>
      )}
      {mine.keep && (
        <p className={styles.keep} data-met={mine.keep.met}>
          {mine.keep.met
            ? t('progress.keepMet', { name: mine.name })
            : t('progress.keepShort', {
                name: mine.name,
                validBet: money(mine.keep.validBet.targetMinor),
                deposit: money(mine.keep.deposit.targetMinor),
              })}
          {!mine.keep.met &&
            mine.keep.reviewFrom &&
            ` ${t('progress.keepReview', { date: date(mine.keep.reviewFrom) })}`}
        </p>
      )}
    </section>
  );
}
