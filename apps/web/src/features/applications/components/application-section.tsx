import type { MemberApplication, MemberApplications } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format-money';
import { useSessionStore } from '../../../lib/session-store';
import { useMyApplications } from '../api/applications';
import styles from './applications.module.css';

function useFormats(applications: MemberApplications | undefined) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const money = (minor: number) =>
    formatMoney(minor, {
      currency: applications?.currency ?? 'KRW',
      exponent: applications?.currencyExponent ?? 0,
      locale,
      display: 'symbol',
    });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return { money, date: (iso: string) => date.format(new Date(iso)) };
}

/**
 * The member's applications on /promotions (docs/decisions/0052-application-promotions.md), newest first, each with
 * its status, an operator's reason and the reward paid. The application promotions themselves are the hub's cards,
 * whose Apply opens the apply dialog (decision 0058): each promotion is listed once. Nothing shows for a visitor or a
 * member who has not applied.
 */
export function MyApplicationsSection() {
  const { t } = useTranslation('applications');
  const signedIn = useSessionStore((state) => state.token !== null);
  const mine = useMyApplications();
  const format = useFormats(mine.data);
  const applications = signedIn ? (mine.data?.items ?? []) : [];
  if (applications.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="applications-title" data-testid="applications">
      <div className={styles.header}>
        <h2 id="applications-title" className={styles.title}>
          {t('mine')}
        </h2>
      </div>
      <ul className={styles.applications}>
        {applications.map((application) => (
          <MyApplication key={application.id} application={application} format={format} />
        ))}
      </ul>
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
