import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GameLaunchPage } from '../../features/games/components/game-launch-page';
import { useCachedGameName } from '../../features/games/hooks/use-cached-game-name';
import { useBalance } from '../../features/wallet';
import { PageTitle } from '../../lib/page-title';

/** /game: the iframe launch page, header only (spec 01 §2); the game hears of each change to the balance. */
export function Component() {
  const { t } = useTranslation('games');
  const [params] = useSearchParams();
  const balance = useBalance();
  const gameName = useCachedGameName(Number(params.get('gameId')) || undefined);
  return (
    <>
      <PageTitle name={gameName ?? t('gameFrame')} />
      <GameLaunchPage balance={balance.data?.sumBalance} />
    </>
  );
}
