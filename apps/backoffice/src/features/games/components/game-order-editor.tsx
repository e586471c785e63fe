import type { BrandOfferVendor } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { PageLoader } from '../../../components/ui/page-loader';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useGameOrder } from '../api/get-game-order';
import { useSetGameOrder } from '../api/set-game-order';
import styles from './games.module.css';
import { SortableList } from './sortable-list';

/** The vendor's top-level games in the brand's order: dragged (or moved with the arrows), saved as one change. */
export function GameOrderEditor({ brand, vendor }: { brand: string; vendor: BrandOfferVendor }) {
  const { t } = useTranslation('games');
  const canWrite = useCan('games.write');
  const query = useGameOrder(brand, vendor.code, { enabled: true });
  const save = useSetGameOrder(brand);
  const [draft, setDraft] = useState<string[] | null>(null);

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const order = query.data;
  const byCode = new Map(order.games.map((game) => [game.code, game]));
  const games = draft ? draft.flatMap((code) => byCode.get(code) ?? []) : order.games;

  async function submit(codes: string[]) {
    try {
      await save.mutateAsync({ brand, vendor: vendor.code, version: order.version, games: codes });
      setDraft(null);
      toast.success(t('gameOrder.saved', { name: vendor.name }));
    } catch (error) {
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) setDraft(null);
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <section aria-labelledby="game-order-title">
      <h2 id="game-order-title" className={styles.cardTitle}>
        {t('gameOrder.title')}
      </h2>
      <p className={styles.note}>
        {canWrite ? t('gameOrder.howTo') : t('offer.readOnly')}
        {!order.complete && ` ${t('gameOrder.incomplete', { count: order.games.length })}`}
      </p>
      <SortableList
        label={t('gameOrder.listLabel', { name: vendor.name })}
        items={games}
        getId={(game) => game.code}
        getName={(game) => game.gameName}
        canMove={canWrite && !save.isPending}
        onReorder={(next) => setDraft(next.map((game) => game.code))}
        renderItem={(game) => (
          <>
            <span className={styles.name}>
              <strong>{game.gameName}</strong>
              <span className={styles.code}>{game.code}</span>
            </span>
            <span className={styles.sortMeta}>
              {game.isHot && <Badge tone="warn">{t('games.hot')}</Badge>}
              {!game.listed && <Badge tone="off">{t('games.hidden')}</Badge>}
            </span>
          </>
        )}
      />
      {draft && (
        <div className={styles.orderBar} role="region" aria-label={t('gameOrder.changed')}>
          <span>{t('gameOrder.changed')}</span>
          <div>
            <Button variant="secondary" onClick={() => setDraft(null)} disabled={save.isPending}>
              {t('order.undo')}
            </Button>
            <Button onClick={() => void submit(draft)} disabled={save.isPending}>
              <Icon name="check" size={16} />
              {t('order.save')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
