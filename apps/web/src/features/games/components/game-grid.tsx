import type { Game } from '@parlay/contract';
import type { PlayMode } from '../lib/navigation';
import { GameCard } from './game-card';
import styles from './game-grid.module.css';

/** A page of game cards (at most 21), so the grid stays light whatever the catalogue's size. */
export function GameGrid({
  games,
  onOpen,
  compact,
  label,
}: {
  games: readonly Game[];
  onOpen: (game: Game, mode: PlayMode) => void;
  compact?: boolean;
  label: string;
}) {
  return (
    <ul className={styles.grid} data-compact={compact ? '' : undefined} aria-label={label}>
      {games.map((game) => (
        <li key={game.id}>
          <GameCard game={game} onOpen={onOpen} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while a page loads, in the grid's own shape so nothing jumps. */
export function GameGridSkeleton({ count, compact, label }: { count: number; compact?: boolean; label: string }) {
  return (
    <ul className={styles.grid} data-compact={compact ? '' : undefined} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={styles.skeleton} />
      ))}
    </ul>
  );
}
