import type { ApplicationOffer, ApplicationOffers, MemberApplication } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format-money';
import { openModal } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { useApplicationOffers, useMyApplications } from '../api/applications';
import { ApplyDialog } from './apply-dialog';
import styles from './applications.module.css';

/** The states a member may apply in: join, and again after a rejection. */
const CAN_APPLY = new Set<ApplicationOffer['state']>(['join', 'rejected']);

function useFormats(offers: ApplicationOffers | undefined) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const money = (minor: number) =>
    formatMoney(minor, {
      currency: offers?.currency ?? 'KRW',
      exponent: offers?.currencyExponent ?? 0,
      locale,
      display: 'symbol',
    });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return { money, date: (iso: string) => date.format(new Date(iso)) };
}

/**
 * The application promotions on /promotions (docs/decisions/0052-application-promotions.md): each with its reward,
 * dates, the member's state and its one action (apply, apply again, or sign in for a visitor); then the member's
 * applications with their status and an operator's reason. Nothing shows while the brand has none.
 */
export function ApplicationSection() {
  const { t } = useTranslation('applications');
  const signedIn = useSessionStore((state) => state.token !== null);
  const offers = useApplicationOffers();
  const mine = useMyApplications();
  // By code: the dialog's title follows the offers when the language changes while it is open.
  const [applyingCode, setApplyingCode] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const format = useFormats(offers.data);
  const items = offers.data?.items ?? [];
  if (items.length === 0) return null;
  const applications = signedIn ? (mine.data?.items ?? []) : [];
  const applying = items.find((offer) => offer.code === applyingCode) ?? null;
  return (
    <section className={styles.section} aria-labelledby="applications-title" data-testid="applications">
      <div className={styles.header}>
        <h2 id="applications-title" className={styles.title}>
          {t('title')}
        </h2>
        <p className={styles.muted}>{t('intro')}</p>
      </div>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <ul className={styles.offers}>
        {items.map((offer) => (
          <li key={offer.code} className={styles.offer} data-testid={`application-offer-${offer.code}`}>
            <div className={styles.offerHead}>
              <strong className={styles.offerTitle}>{offer.title}</strong>
              <span className={styles.state} data-state={offer.state}>
                {t(`state.${offer.state}`)}
              </span>
            </div>
            {offer.summary && <p className={styles.summary}>{offer.summary}</p>}
            <p className={styles.reward}>
              {t('reward', { amount: format.money(offer.rewardMinor) })}{' '}
              <span className={styles.muted}>
                {offer.wageringMultiplier > 0 ? t('wagering', { times: offer.wageringMultiplier }) : t('noWagering')}
              </span>
            </p>
            {(offer.startsAt || offer.endsAt) && (
              <p className={styles.hint}>
                {t('period', {
                  from: offer.startsAt ? format.date(offer.startsAt) : '',
                  to: offer.endsAt ? format.date(offer.endsAt) : '',
                })}
              </p>
            )}
            {offer.state === 'rejected' && offer.rejectReason && (
              <p className={styles.reason}>{t('rejectedReason', { reason: offer.rejectReason })}</p>
            )}
            {CAN_APPLY.has(offer.state) && (
              <div className={styles.offerActions}>
                {signedIn ? (
                  <Button size="small" onClick={() => setApplyingCode(offer.code)}>
                    {offer.state === 'rejected' ? t('applyAgain') : t('apply')}
                  </Button>
                ) : (
                  <Button size="small" variant="secondary" onClick={() => openModal('loginPopupModal')}>
                    {t('signIn')}
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {applications.length > 0 && (
        <div className={styles.mine}>
          <h3 className={styles.subtitle}>{t('mine')}</h3>
          <ul className={styles.applications}>
            {applications.map((application) => (
              <MyApplication key={application.id} application={application} format={format} />
            ))}
          </ul>
        </div>
      )}
      <ApplyDialog
        offer={applying}
        onClose={() => setApplyingCode(null)}
        onApplied={(title) => setNotice(t('applied', { title }))}
      />
    </section>
  );
}

function MyApplication({
  application,
  format,
}: {
  application: MemberApplication;
  format: ReturnType<typeof useFormats>;
}) {
  const { t } = useTranslation('applications');
  return (
    <li className={styles.application} data-testid={`application-${application.id}`}>
      <div className={styles.offerHead}>
        <strong>{application.title}</strong>
        <span className={styles.state} data-state={application.status}>
          {t(`state.${application.status}`)}
        </span>
      </div>
      <p className={styles.comment}>{application.comment}</p>
      <p className={styles.hint}>
        {t('appliedOn', { date: format.date(application.createdAt) })}
        {application.decidedAt ? ` · ${t('decidedOn', { date: format.date(application.decidedAt) })}` : ''}
      </p>
      {application.status === 'issued' && application.rewardMinor !== null && (
        <p className={styles.paid}>{t('paid', { amount: format.money(application.rewardMinor) })}</p>
      )}
      {application.status === 'rejected' && application.rejectReason && (
        <p className={styles.reason}>{t('rejectedReason', { reason: application.rejectReason })}</p>
      )}
    </li>
  );
}
