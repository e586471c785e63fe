import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { AnnouncementMarquee } from '../../features/content/components/announcement-marquee';
import { LobbyBanners } from '../../features/content/components/lobby-banners';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { useLotteryPath } from '../../features/navigation/use-lottery-path';
import { PageTitle } from '../../lib/page-title';
import { LobbyGameRows } from '../../features/games';
import { LOBBY_TILES, presentLobbyTiles } from '../parts/lobby-tiles';
import styles from './index.module.css';

/**
 * Home lobby: banners and the announcement marquee (content feature), the category entrances, then
 * the game rows (games feature: hot games, favourites, recently played).
 */
export function Component() {
  const { t } = useTranslation('shell');
  const lotteryPath = useLotteryPath();
  const vendors = useGameVendor();
  // Until the brand's vendors are known, every tile holds its place unseen, so the rows below do not jump.
  const pending = vendors.isPending;
  const tiles = pending
    ? LOBBY_TILES.map((tile) => ({ ...tile, comingSoon: false }))
    : presentLobbyTiles(vendors.data?.data.lanes);
  return (
    <div className={styles.lobby}>
      <PageTitle />
      <h1 className="visually-hidden">{t('pages.lobby')}</h1>
      <section className={styles.top} aria-label={t('pages.highlights')}>
        <LobbyBanners />
        <AnnouncementMarquee />
      </section>

      {tiles.length > 0 && (
        <section aria-labelledby="lobby-categories" aria-busy={pending} data-pending={pending || undefined}>
          <h2 id="lobby-categories" className={styles.heading}>
            {t('pages.categories')}
          </h2>
          <ul className={styles.tiles} aria-hidden={pending || undefined}>
            {tiles.map((tile) => (
              <li key={tile.key}>
                <Link
                  to={tile.key === 'ELOTT' ? lotteryPath : tile.to}
                  className={styles.tile}
                  data-tone={tile.tone}
                  tabIndex={pending ? -1 : undefined}
                >
                  <span className={styles.tileIcon}>
                    <Icon name={tile.icon} size={26} />
                  </span>
                  <span className={styles.tileLabel}>
                    {t(`categories.${tile.key}`)}
                    {tile.comingSoon && <span className={styles.tileSoon}>{t('comingSoon')}</span>}
                  </span>
                  <Icon name="chevronRight" size={16} className={styles.tileArrow} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.games} aria-label={t('pages.games')}>
        <LobbyGameRows />
      </section>
    </div>
  );
}
