import type { HubPromotion } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePromotionHub } from '../api/promotions';
import { formatsFor } from './format';
import { PromotionCard } from './promotion-card';
import styles from './promotions.module.css';

/** A category's name: the known ones translated, a brand's own word as it typed it. */
export function categoryLabel(t: (key: string, options?: { defaultValue: string }) => string, category: string) {
  return t(`category.${category}`, { defaultValue: category });
}

interface PromotionHubProps {
  /** The chosen category, or null for All. */
  category: string | null;
  onCategory: (category: string | null) => void;
  onAction: (item: HubPromotion) => void;
  /** What a page adds under the cards of the chosen category (a kind's own section: raffles, applications). */
  extra?: (kinds: ReadonlySet<HubPromotion['kind']>) => ReactNode;
}

/**
 * The promotions hub on /promotions (docs/decisions/0058-promotions-hub-and-reward-centre.md): chips of All and each
 * category present, then the chosen category's promotions, each with the member's state and its one action.
 */
export function PromotionHubSection({ category, onCategory, onAction, extra }: PromotionHubProps) {
  const { t, i18n } = useTranslation('promotions');
  const hub = usePromotionHub();
  if (hub.isPending) return <PageLoader />;
  if (hub.isError) return <EmptyState icon="info" title={t('common:errors.network')} />;
  const data = hub.data;
  if (data.items.length === 0) return null;
  const formats = formatsFor(i18n.resolvedLanguage ?? i18n.language, data.currency, data.currencyExponent);
  const chosen = category !== null && data.categories.includes(category) ? category : null;
  const items = chosen === null ? data.items : data.items.filter((item) => item.category === chosen);
  const kinds = new Set(items.map((item) => item.kind));
  return (
    <section className={styles.section} aria-labelledby="promotion-hub-title" data-testid="promotion-hub">
      <h2 id="promotion-hub-title" className={styles.sectionTitle}>
        {t('title')}
      </h2>
      <nav className={styles.chips} aria-label={t('categories')}>
        {[null, ...data.categories].map((value) => (
          <button
            key={value ?? ''}
            type="button"
            className={styles.chip}
            aria-current={value === chosen ? 'page' : undefined}
            onClick={() => onCategory(value)}
          >
            {value === null ? t('all') : categoryLabel(t, value)}
          </button>
        ))}
      </nav>
      <ul className={styles.grid}>
        {items.map((item) => (
          <PromotionCard key={item.id} item={item} formats={formats} onAction={onAction} />
        ))}
      </ul>
      {extra?.(kinds)}
    </section>
  );
}
