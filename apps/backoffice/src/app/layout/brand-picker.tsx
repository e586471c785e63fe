import type { OperatorSession } from '@parlay/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { rememberBrand } from '../../lib/brand';
import styles from './topbar.module.css';

/**
 * The brand the operator works on, in the address of a brand's page (/brands/:brand/...). Choosing another opens
 * the same page for it; on a platform page, the choice waits for the next brand page.
 */
export function BrandPicker({ session, current }: { session: OperatorSession; current: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  if (!current) return null;
  if (session.brands.length < 2) {
    const only = session.brands[0];
    return (
      <p className={styles.brand}>
        <span className={styles.brandLabel}>{t('brand.label')}</span> {only ? only.name : current}
      </p>
    );
  }
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.brandLabel}>
        {t('brand.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          rememberBrand(next);
          const onBrandPage = /^\/brands\/[^/]+(\/.*)?$/.exec(location.pathname);
          if (onBrandPage) void navigate(`/brands/${encodeURIComponent(next)}${onBrandPage[1] ?? ''}`);
          else
            void navigate(`${location.pathname}${location.search}`, {
              replace: true,
              state: location.state as unknown,
            });
        }}
      >
        {session.brands.map((brand) => (
          <option key={brand.code} value={brand.code}>
            {brand.name} ({brand.code})
          </option>
        ))}
      </select>
    </div>
  );
}
