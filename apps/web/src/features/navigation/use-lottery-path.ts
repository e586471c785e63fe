import { GAME_CATEGORY_ROUTES } from '@parlay/contract/constants';
import { useGameVendor } from './api/get-game-vendor';
import { buildNavEntries } from './build-nav-entries';

/**
 * Where an E-lottery entry leads, wherever it is (header, side menu, lobby): TCG_SEA's game when the
 * brand lists it (for ELOTT or LOTT that game starts directly: docs/product/games-and-wallet.md#opening-a-game), else
 * the /elott list.
 */
export function useLotteryPath(): string {
  const lanes = useGameVendor().data?.data.lanes;
  const lottery = lanes ? buildNavEntries(lanes).find((entry) => entry.key === 'ELOTT') : undefined;
  return lottery?.to ?? GAME_CATEGORY_ROUTES.ELOTT;
}
