import { GameLaunchPage } from '../../features/games/components/game-launch-page';
import { useBalance } from '../../features/wallet';

/**
 * /game: the iframe launch page, header only (docs/product/site-shell-and-routes.md#routes); the game hears
 * of each change to the balance. The page names the tab after the game itself, once it knows the name.
 */
export function Component() {
  const balance = useBalance();
  return <GameLaunchPage balance={balance.data?.sumBalance} />;
}
