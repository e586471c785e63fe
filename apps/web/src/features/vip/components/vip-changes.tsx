import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useVipMoney } from '../../../components/ui/vip-progress';
import { useVipChanges } from '../api/get-vip-changes';
import styles from './vip-changes.module.css';

/** The member's level changes, newest first, with the figures that made each and the bonus it paid. */
export function VipChanges({ currency, currencyExponent }: { currency: string; currencyExponent: number }) {
  const { t, i18n } = useTranslation('member-vip');
  const changes = useVipChanges();
  const money = useVipMoney(currency, currencyExponent);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', { dateStyle: 'medium', timeStyle: 'short' });
  const items = changes.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className={styles.section} aria-labelledby="vip-changes-title">
      <h2 id="vip-changes-title" className={styles.title}>
        {t('changes.title')}
      </h2>
      {changes.isError ? (
        <EmptyState
          icon="info"
          compact
          title={t('changes.failed')}
          action={<Button onClick={() => void changes.refetch()}>{t('retry')}</Button>}
        />
      ) : changes.isPending ? null : items.length === 0 ? (
        <EmptyState icon="crown" compact title={t('changes.none')} text={t('changes.noneText')} />
      ) : (
        <div className={styles.frame}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('changes.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('changes.at')}</th>
                <th scope="col">{t('changes.change')}</th>
                <th scope="col">{t('changes.figures')}</th>
                <th scope="col" className={styles.end}>
                  {t('changes.bonus')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((change) => (
                <tr key={change.id} className={styles.row}>
                  <th scope="row" className={styles.first}>
                    <time dateTime={change.at}>{date.format(new Date(change.at))}</time>
                  </th>
                  <td data-label={t('changes.change')}>
                    <span className={styles.change}>
                      <span className={styles.kind} data-kind={change.kind}>
                        {t(`changes.${change.kind}`)}
                      </span>
                      {t('changes.fromTo', { from: change.fromName, to: change.toName })}
                    </span>
                  </td>
                  <td data-label={t('changes.figures')}>
                    <span className={styles.lines}>
                      <span>{t('levels.validBet', { amount: money(change.figures.validBetMinor) })}</span>
                      <span>{t('levels.deposit', { amount: money(change.figures.depositMinor) })}</span>
                    </span>
                  </td>
                  <td data-label={t('changes.bonus')} className={styles.money}>
                    {change.bonusMinor > 0 ? money(change.bonusMinor) : '-'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {changes.hasNextPage && (
            <Button
              variant="secondary"
              onClick={() => void changes.fetchNextPage()}
              disabled={changes.isFetchingNextPage}
            >
              {t('changes.more')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
