import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { QrCode } from '../../../../components/ui/qr-code';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-referral.json';
import { ApiError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format-money';
import { useReferralMembers } from './api/get-referral-members';
import { useReferralSummary } from './api/get-referral-summary';
import { CopyField } from './components/copy-field';
import { ReferredMembers } from './components/referred-members';
import styles from './referral.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-referral', texts);

/**
 * referral, invite friends (docs/product/member-centre.md#invite-friends): my invite code and link with its QR
 * code, the brand's referral reward and what I earned by it, and the members who registered through them, with counts
 * and each one's progress towards the reward.
 */
export default function ReferralPage() {
  const { t, i18n } = useTranslation('member-referral');
  const summary = useReferralSummary();
  const members = useReferralMembers();

  if (summary.isError) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
        <EmptyState
          icon="info"
          title={t('error.title')}
          text={summary.error instanceof ApiError ? summary.error.message : undefined}
          action={
            <Button variant="secondary" onClick={() => void summary.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!summary.data) {
    return (
      <div className={styles.page} aria-busy="true">
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }

  const { code, link, counts, rewards } = summary.data;
  const list = members.data?.pages.flatMap((page) => page.list) ?? [];
  const money = (minor: number) =>
    formatMoney(minor, {
      currency: rewards.currency,
      exponent: rewards.currencyExponent,
      locale: i18n.resolvedLanguage ?? 'ko',
      display: 'symbol',
    });
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.intro}>{t('intro')}</p>
      </header>

      <section className={styles.invite} aria-label={t('invite.label')}>
        <div className={styles.fields}>
          <CopyField label={t('code.label')} value={code} copyLabel={t('copy.code')} isLarge />
          {link ? (
            <CopyField label={t('link.label')} value={link} copyLabel={t('copy.link')} />
          ) : (
            <p className={styles.notice}>{t('link.unavailable')}</p>
          )}
        </div>
        {link && (
          <figure className={styles.qr}>
            <QrCode text={link} size={140} label={t('qr.label')} />
            <figcaption>{t('qr.caption')}</figcaption>
          </figure>
        )}
      </section>

      {(rewards.enabled || rewards.earnedMinor > 0) && (
        <section className={styles.rewards} aria-labelledby="referral-rewards-title">
          <h3 id="referral-rewards-title" className={styles.subtitle}>
            {t('rewards.title')}
          </h3>
          {rewards.enabled && (
            <p className={styles.terms}>
              {t(
                rewards.minDepositMinor > 0 && rewards.minTurnoverMinor > 0
                  ? 'rewards.terms'
                  : rewards.minDepositMinor > 0
                    ? 'rewards.termsDeposit'
                    : 'rewards.termsTurnover',
                {
                  reward: money(rewards.inviterRewardMinor),
                  deposit: money(rewards.minDepositMinor),
                  turnover: money(rewards.minTurnoverMinor),
                },
              )}
              {rewards.invitedRewardMinor > 0 &&
                ` ${t('rewards.friendToo', { reward: money(rewards.invitedRewardMinor) })}`}
            </p>
          )}
          <p className={styles.earned}>
            <span>{t('rewards.earned')}</span>
            <strong data-testid="referral-earned">{money(rewards.earnedMinor)}</strong>
          </p>
        </section>
      )}

      <dl className={styles.counts}>
        <div className={styles.count}>
          <dt>{t('counts.total')}</dt>
          <dd>{counts.total}</dd>
        </div>
        <div className={styles.count}>
          <dt>{t('counts.thisMonth')}</dt>
          <dd>{counts.thisMonth}</dd>
        </div>
        <div className={styles.count}>
          <dt>{t('counts.played')}</dt>
          <dd>{counts.played}</dd>
        </div>
      </dl>

      <section className={styles.list} aria-labelledby="referral-list-title">
        <h3 id="referral-list-title" className={styles.subtitle}>
          {t('list.title')}
        </h3>
        {members.isError ? (
          <EmptyState
            compact
            icon="info"
            title={t('error.listTitle')}
            action={
              <Button variant="secondary" onClick={() => void members.refetch()}>
                {t('error.retry')}
              </Button>
            }
          />
        ) : !members.data ? (
          <p className={styles.muted}>{t('loading')}</p>
        ) : list.length === 0 ? (
          <EmptyState compact icon="invite" title={t('empty.title')} text={t('empty.text')} />
        ) : (
          <>
            <ReferredMembers members={list} terms={rewards} />
            {members.hasNextPage && (
              <Button
                variant="secondary"
                className={styles.more}
                disabled={members.isFetchingNextPage}
                onClick={() => void members.fetchNextPage()}
              >
                {members.isFetchingNextPage ? t('loading') : t('list.more')}
              </Button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
