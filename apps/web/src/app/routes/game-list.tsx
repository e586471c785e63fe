import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { GameListPage, type GameListCategory } from '../../features/games/components/game-list-page';
import { PageTitle } from '../../lib/page-title';
import { useSessionStore } from '../../lib/session-store';
import { GAME_LIST_CATEGORIES } from '../layout/segment-page';
import { SignInPrompt } from '../parts/sign-in-prompt';

function isCategory(value: string | undefined): value is GameListCategory {
  return value !== undefined && (GAME_LIST_CATEGORIES as readonly string[]).includes(value);
}

/**
 * /rng /live /pvp /fish /hot /fav: the one game-list page, its category from the route (spec 01 §2).
 * The vendor tabs come from the navigation's vendor list; my collection asks a guest to sign in.
 */
export function Component() {
  const { t } = useTranslation('games');
  const { page } = useParams();
  const category: GameListCategory = isCategory(page) ? page : 'rng';
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const vendor = useGameVendor();
  if (category === 'fav' && !isSignedIn) {
    return (
      <>
        <PageTitle name={t('categories.fav')} />
        <PageHeader icon="heart" title={t('categories.fav')} subtitle={t('subtitles.fav')} />
        <SignInPrompt icon="heart" title={t('signInForFavorites')} />
      </>
    );
  }
  return <GameListPage key={category} category={category} lanes={vendor.data?.data.lanes ?? []} />;
}
