import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { useCan } from '../../../lib/session';
import { useBrandSettings } from '../api/get-brand-settings';
import { BrandPageContext } from './brand-card';
import styles from './brand.module.css';
import { CurrencyCard } from './currency-card';
import { CustomerServiceCard } from './customer-service-card';
import { DomainsCard } from './domains-card';
import { FlagsCard } from './flags-card';
import { LanguagesCard } from './languages-card';
import { LogoCard } from './logo-card';
import { MaintenanceCard } from './maintenance-card';
import { OperatorCard } from './operator-card';
import { RegionsCard } from './regions-card';
import { ThemeCard } from './theme-card';

const PARTS = [
  'flags',
  'maintenance',
  'regions',
  'domains',
  'customer-service',
  'operator',
  'languages',
  'currency',
  'theme',
  'logo',
] as const;

/**
 * A brand's settings (brand.read; brand.write to change them), one card a part, each saved on its own with the
 * brand's version. A save another operator made since the page opened is refused: the page says so and reloads
 * on the operator's word, so no edit is merged under another's.
 */
export function BrandSettingsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('brand');
  const canWrite = useCan('brand.write');
  const query = useBrandSettings(brand);
  const [isStale, setIsStale] = useState(false);
  // A reload draws every card again from the settings as they now are, dropping edits not saved.
  const [generation, setGeneration] = useState(0);
  const header = <PageHeader title={t('title')} subtitle={t('subtitle', { brand: brandName })} />;

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }

  async function reload() {
    await query.refetch();
    setIsStale(false);
    setGeneration((value) => value + 1);
  }

  return (
    <>
      {header}
      {isStale && (
        <div className={styles.stale} role="alert">
          <Icon name="alert" size={18} />
          <p>{t('stale')}</p>
          <Button size="small" onClick={() => void reload()}>
            {t('reload')}
          </Button>
        </div>
      )}
      {!canWrite && <p className={styles.readOnly}>{t('readOnly')}</p>}
      <div className={styles.layout}>
        <nav className={styles.toc} aria-label={t('parts')}>
          <ul>
            {PARTS.map((part) => (
              <li key={part}>
                <a href={`#${part}`}>{t(`toc.${part}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <BrandPageContext.Provider value={{ brand, settings: query.data, canWrite, onStale: () => setIsStale(true) }}>
          <div className={styles.cards} key={`${brand}-${generation}`}>
            <FlagsCard />
            <MaintenanceCard />
            <RegionsCard />
            <DomainsCard />
            <CustomerServiceCard />
            <OperatorCard />
            <LanguagesCard />
            <CurrencyCard />
            <ThemeCard />
            <LogoCard />
          </div>
        </BrandPageContext.Provider>
      </div>
    </>
  );
}
