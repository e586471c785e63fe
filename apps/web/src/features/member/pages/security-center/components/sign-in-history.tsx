import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { EmptyState } from '../../../../../components/ui/empty-state';
import { useSignIns } from '../api/get-sign-ins';
import { describeDevice } from '../lib/describe';
import { useFormatters } from '../lib/use-formatters';
import styles from '../security-center.module.css';

/** The member's sign-ins, newest first: time, IP, country, device; a card each on a phone. */
export function SignInHistory() {
  const { t } = useTranslation('member-security');
  const format = useFormatters();
  const signIns = useSignIns();
  const items = signIns.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className={styles.card} aria-labelledby="security-history">
      <h3 id="security-history" className={styles.cardTitle}>
        {t('history.title')}
      </h3>
      {signIns.isSuccess && items.length === 0 ? (
        <EmptyState compact icon="record" title={t('history.empty')} />
      ) : (
        <table className={styles.table} aria-labelledby="security-history">
          <thead>
            <tr>
              <th scope="col">{t('history.time')}</th>
              <th scope="col">{t('history.ip')}</th>
              <th scope="col">{t('history.country')}</th>
              <th scope="col">{t('history.device')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((signIn) => (
              <tr key={signIn.id} className={styles.tableRow}>
                <th scope="row" className={styles.timeCell}>
                  <time dateTime={signIn.at}>{format.time(signIn.at)}</time>
                  {signIn.current && <span className={styles.badge}>{t('history.current')}</span>}
                </th>
                <td data-label={t('history.ip')} className={styles.ip}>
                  {signIn.ip}
                </td>
                <td data-label={t('history.country')}>{format.country(signIn.country) || t('history.unknown')}</td>
                <td data-label={t('history.device')}>{describeDevice(signIn.userAgent) || t('history.unknown')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {signIns.hasNextPage && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="small"
            onClick={() => void signIns.fetchNextPage()}
            disabled={signIns.isFetchingNextPage}
          >
            {t('history.more')}
          </Button>
        </div>
      )}
    </section>
  );
}
