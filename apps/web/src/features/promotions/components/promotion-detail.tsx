import type { HubPromotion, PromotionDetail } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { formatsFor, periodOf, rulesInWords } from './format';
import { PromotionActionButton, StateBadge } from './promotion-card';
import { categoryLabel } from './promotion-hub';
import styles from './promotions.module.css';

/** /promoDetail?code=: one promotion of the hub with its rules in words, dates, the member's state and its action. */
export function PromotionDetailView({
  detail,
  back,
  onAction,
}: {
  detail: PromotionDetail;
  back: ReactNode;
  onAction: (item: HubPromotion) => void;
}) {
  const { t, i18n } = useTranslation('promotions');
  const item = detail.promotion;
  const formats = formatsFor(i18n.resolvedLanguage ?? i18n.language, detail.currency, detail.currencyExponent);
  const period = periodOf(t, item, formats);
  const rules = rulesInWords(t, item, formats);
  return (
    <article data-testid={`promotion-detail-${item.code}`}>
      <PageHeader icon="gift" title={item.title} actions={back} />
      <div className={styles.detail}>
        <div className={styles.head}>
          <span className={styles.kind}>
            {t(`kind.${item.kind}`)} · {categoryLabel(t, item.category)}
          </span>
          <StateBadge item={item} />
        </div>
        {item.summary && <p className={styles.detailSummary}>{item.summary}</p>}
        <h2 className={styles.subtitle}>{t('rulesTitle')}</h2>
        <ul className={styles.rules}>
          {(rules.length > 0 ? rules : [t(`kindRules.${item.kind}`)]).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h2 className={styles.subtitle}>{t('periodTitle')}</h2>
        <p className={styles.period}>{period ?? t('period.always')}</p>
        <p className={styles.stateLine}>{t(`stateText.${item.state}`)}</p>
        <div className={styles.actions}>
          <PromotionActionButton item={item} onAction={onAction} />
        </div>
      </div>
    </article>
  );
}
