import { IS_GAME_VASSALAGE, SUPPORT_PLAY_FREE_TRIAL, type Game } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import type { PlayMode } from '../lib/navigation';
import { FavoriteButton } from './favorite-button';
import styles from './game-card.module.css';
import { GameThumb } from './game-thumb';

export interface GameCardProps {
  game: Game;
  onOpen: (game: Game, mode: PlayMode) => void;
  /** Smaller card for the header dropdown and the lobby rows. */
  compact?: boolean;
}

/**
 * A game card (docs/product/games-and-wallet.md#game-dropdown-and-cards): vendor, icon and title, 'play now', and 'free
 * trial' when supportPlay is 0.
 * A VASSALAGE game opens its list instead; a game under maintenance says so and cannot start.
 */
export function GameCard({ game, onOpen, compact }: GameCardProps) {
  const { t } = useTranslation('games');
  const isDown = game.status !== 'active';
  const isList = game.isGame === IS_GAME_VASSALAGE;
  const hasTrial = game.supportPlay === SUPPORT_PLAY_FREE_TRIAL && !isList;
  return (
    <article className={styles.card} data-compact={compact ? '' : undefined} data-down={isDown ? '' : undefined}>
      {/* The badges lie over the artwork beside its button, not in it: words inside a button that its label
          does not say break WCAG 2.5.3 (label in name), and the label is the game's name and action. */}
      <div className={styles.art}>
        <button
          type="button"
          className={styles.thumb}
          onClick={() => onOpen(game, 'real')}
          aria-label={isList ? t('openList', { name: game.gameName }) : t('playNamed', { name: game.gameName })}
          tabIndex={-1}
        >
          <GameThumb icon={game.showIcon} name={game.gameName} size={compact ? 'small' : 'normal'} />
        </button>
        {game.isHot === 1 && <span className={styles.hot}>{t('hot')}</span>}
        {isDown && (
          <span className={styles.down}>
            <Icon name="wrench" size={14} />
            {t('maintenanceShort')}
          </span>
        )}
      </div>
      <div className={styles.meta}>
        <h3 className={styles.name} title={game.gameName}>
          {game.gameName}
        </h3>
        {/* The heart sits beside the vendor, off the artwork: no corner of every game's art is free. */}
        <div className={styles.byline}>
          <p className={styles.vendor} title={game.nodeName || game.vassalage}>
            {game.nodeName || game.vassalage}
          </p>
          <FavoriteButton gameId={game.id} gameName={game.gameName} />
        </div>
      </div>
      {/* 'free trial' shows above (or before) 'play now', which sits at the card's foot: Tab follows that order. */}
      <div className={styles.actions}>
        {hasTrial && (
          <button type="button" className={styles.trial} onClick={() => onOpen(game, 'trial')}>
            {t('freeTrial')}
          </button>
        )}
        <button type="button" className={styles.play} onClick={() => onOpen(game, 'real')}>
          {isList ? t('openListShort') : t('playNow')}
        </button>
      </div>
    </article>
  );
}
