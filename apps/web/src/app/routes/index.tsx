import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icon';
import { AnnouncementMarquee } from '../../features/content/components/announcement-marquee';
import { LobbyBanners } from '../../features/content/components/lobby-banners';
import { useLotteryPath } from '../../features/navigation/use-lottery-path';
import { LobbyGameRows } from '../feature-slots';
import styles from './index.module.css';

/** Category entrances of the lobby (spec 01 §2 category labels); E-lottery follows the brand's vendors. */
const TILES: { key: string; to: string; icon: IconName; tone: string }[] = [
  { key: 'LIVE', to: '/live', icon: 'live', tone: 'violet' },
  { key: 'SPORTS', to: '/sports', icon: 'sports', tone: 'green' },
  { key: 'RNG', to: '/rng', icon: 'slots', tone: 'gold' },
  { key: 'FISH', to: '/fish', icon: 'fish', tone: 'blue' },
  { key: 'PVP', to: '/pvp', icon: 'pvp', tone: 'red' },
  { key: 'ESPORTS', to: '/esports', icon: 'esports', tone: 'cyan' },
  { key: 'ELOTT', to: '/elott', icon: 'lottery', tone: 'pink' },
  { key: 'CRASH', to: '/rng?gameClassify=Crash', icon: 'crash', tone: 'orange' },
];

/**
 * Home lobby: banners and the announcement marquee (content feature), the category entrances, then
 * the game rows (games feature: hot games, favourites, recently played).
 */
export function Component() {
  const { t } = useTranslation('shell');
  const lotteryPath = useLotteryPath();
  return (
    <div className={styles.lobby}>
      <h1 className="visually-hidden">{t('pages.lobby')}</h1>
      <section className={styles.top} aria-label={t('pages.highlights')}>
        <LobbyBanners />
        <AnnouncementMarquee />
      </section>

      <section aria-labelledby="lobby-categories">
        <h2 id="lobby-categories" className={styles.heading}>
          {t('pages.categories')}
        </h2>
        <ul className={styles.tiles}>
          {TILES.map((tile) => (
            <li key={tile.key}>
              <Link to={tile.key === 'ELOTT' ? lotteryPath : tile.to} className={styles.tile} data-tone={tile.tone}>
                <span className={styles.tileIcon}>
                  <Icon name={tile.icon} size={26} />
                </span>
                <span className={styles.tileLabel}>{t(`categories.${tile.key}`)}</span>
                <Icon name="chevronRight" size={16} className={styles.tileArrow} />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.games} aria-label={t('pages.games')}>
        <LobbyGameRows.Component />
      </section>
    </div>
  );
}
