import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { GameListPage } from '../../features/games/components/game-list-page';
import type { GameListCategory } from '../../features/games/lib/game-list-categories';
import { PageTitle } from '../../lib/page-title';
import { useSessionStore } from '../../lib/session-store';
import { SignInPrompt } from '../parts/sign-in-prompt';

/**
 * /rng /live /pvp /fish /hot /fav: the one game-list page, of the category SegmentPage read from the
 * route (docs/product/site-shell-and-routes.md). The vendor tabs come from the navigation's vendor list;
 * my collection asks a guest to sign in.
 */
export function Component({ category }: { category: GameListCategory }) {
  const { t } = useTranslation('games');
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
  return <GameListPage key={category} category={category} lanes={vendor.data?.data.lanes} />;
}
