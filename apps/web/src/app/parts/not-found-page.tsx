import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { PageTitle } from '../../lib/page-title';
import styles from './not-found-page.module.css';

/** A real 404: the address does not exist on this site. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.page} aria-labelledby="not-found-title" data-page="not-found">
      <PageTitle name={t('notFound.title')} />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <Link to="/index" className={buttonClassName()}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
