import type { GameType } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import type { IconName } from '../../components/ui/icon';
import { PageHeader } from '../../components/ui/page-header';
import { PageLoader } from '../../components/ui/page-loader';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { vendorLink } from '../../features/navigation/build-nav-entries';
import styles from './vendor-page.module.css';

/**
 * A category page that opens vendors directly (sports, e-sports, lotteries): the vendors the catalogue
 * lists for it, or an honest empty state when it lists none.
 */
export function VendorPage({
  gameTypes,
  icon,
  title,
  subtitle,
}: {
  gameTypes: GameType[];
  icon: IconName;
  title: string;
  subtitle: string;
}) {
  const { t } = useTranslation('shell');
  const vendor = useGameVendor();
  const cards = (vendor.data?.data.lanes ?? [])
    .filter((lane) => gameTypes.includes(lane.title))
    .flatMap((lane) => lane.cards);
  return (
    <>
      <PageHeader icon={icon} title={title} subtitle={subtitle} />
      {vendor.isPending ? (
        <PageLoader />
      ) : cards.length > 0 ? (
        <ul className={styles.grid}>
          {cards.map((card) => (
            <li key={`${card.gameType}-${card.vassalage}`}>
              <Link to={vendorLink(card.gameType, card.vassalage)} className={styles.card}>
                {card.smallIcon ? (
                  <img src={card.smallIcon} alt="" width={56} height={56} loading="lazy" />
                ) : (
                  <span className={styles.initial} aria-hidden="true">
                    {card.displayName.slice(0, 1)}
                  </span>
                )}
                <span className={styles.name}>{card.displayName}</span>
                {card.status !== 'active' && <span className={styles.status}>{t('pages.maintenance')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={icon} title={t('pages.noVendors')} text={t('pages.noVendorsText')} />
      )}
    </>
  );
}
