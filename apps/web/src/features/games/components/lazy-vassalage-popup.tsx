import type { Game } from '@parlay/contract';
import { lazy, Suspense } from 'react';
import type { PlayMode } from '../lib/navigation';

// The popup (and the dialog it is built on) loads the first time a VASSALAGE game is opened.
const VassalagePopup = lazy(() => import('./vassalage-popup').then((module) => ({ default: module.VassalagePopup })));

export function LazyVassalagePopup(props: {
  game: Game | null;
  onClose: () => void;
  onOpen: (game: Game, mode: PlayMode) => void;
}) {
  if (props.game === null) return null;
  return (
    <Suspense fallback={null}>
      <VassalagePopup {...props} />
    </Suspense>
  );
}
