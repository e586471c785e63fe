import type { HubPromotion } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { periodOf, rulesInWords, type HubFormats } from './format';
import styles from './promotions.module.css';

/** The label of a promotion's one action: Apply again after a rejection, See the raffle once joined. */
export function actionLabel(t: (key: string) => string, item: HubPromotion): string {
  if (item.action === 'apply' && item.state === 'rejected') return t('action.applyAgain');
  if (item.action === 'raffle' && item.state !== 'join') return t('action.raffleOpen');
  return t(`action.${item.action}`);
}

/** The promotion's state as a badge (the activity states of member-centre.md). */
export function StateBadge({ item }: { item: HubPromotion }) {
  const { t } = useTranslation('promotions');
  return (
    <span className={styles.state} data-state={item.state} data-testid="promotion-state">
      {t(`state.${item.state}`)}
    </span>
  );
}

/** The one action the member's state allows; nothing when it allows none. */
export function PromotionActionButton({
  item,
  onAction,
}: {
  item: HubPromotion;
  onAction: (item: HubPromotion) => void;
}) {
  const { t } = useTranslation('promotions');
  if (item.action === 'none') return null;
  const secondary = item.action === 'login' || item.action === 'bonusDetails';
  return (
    <Button size="small" variant={secondary ? 'secondary' : 'primary'} onClick={() => onAction(item)}>
      {actionLabel(t, item)}
    </Button>
  );
}

/** One promotion of the hub: title and state, summary, rules in a line each, dates, its action and its details. */
export function PromotionCard({
  item,
  formats,
  onAction,
}: {
  item: HubPromotion;
  formats: HubFormats;
  onAction: (item: HubPromotion) => void;
}) {
  const { t } = useTranslation('promotions');
  const period = periodOf(t, item, formats);
  const rules = rulesInWords(t, item, formats);
  return (
    <li className={styles.card} data-testid={`promotion-${item.code}`} data-kind={item.kind} data-state={item.state}>
      <div className={styles.head}>
        <span className={styles.kind}>{t(`kind.${item.kind}`)}</span>
        <StateBadge item={item} />
      </div>
      <strong className={styles.title}>{item.title}</strong>
      {item.summary && <p className={styles.summary}>{item.summary}</p>}
      {rules.length > 0 && (
        <ul className={styles.rules}>
          {rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {period && <p className={styles.period}>{period}</p>}
      <div className={styles.actions}>
        <PromotionActionButton item={item} onAction={onAction} />
        <Link to={`/promoDetail?code=${encodeURIComponent(item.code)}`} className={styles.more}>
          {t('details')}
        </Link>
      </div>
    </li>
  );
}
