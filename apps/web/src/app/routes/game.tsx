import { GameLaunchPage } from '../../features/games/components/game-launch-page';

/** /game: the iframe launch page, header only (spec 01 §2). */
export function Component() {
  return <GameLaunchPage />;
}
