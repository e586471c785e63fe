import { GAME_CATEGORY_ROUTES } from '@parlay/contract/constants';
import { useGameVendor } from './api/get-game-vendor';
import { buildNavEntries } from './build-nav-entries';

/**
 * Where an E-lottery entry leads, wherever it is (header, side menu, lobby): TCG_SEA's game when the
 * brand lists it (spec 01 §4: for ELOTT or LOTT that game starts directly), else the /elott list.
 */
export function useLotteryPath(): string {
  const lanes = useGameVendor().data?.data.lanes;
  const lottery = lanes ? buildNavEntries(lanes).find((entry) => entry.key === 'ELOTT') : undefined;
  return lottery?.to ?? GAME_CATEGORY_ROUTES.ELOTT;
}
