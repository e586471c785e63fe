import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import type { IconName } from '../../components/ui/icon';
import { PageHeader } from '../../components/ui/page-header';
import { useSessionStore } from '../../lib/session-store';
import { GameListPage } from '../feature-slots';
import { SignInPrompt } from '../parts/sign-in-prompt';

const HEADINGS: Record<string, { key: string; icon: IconName }> = {
  rng: { key: 'RNG', icon: 'slots' },
  live: { key: 'LIVE', icon: 'live' },
  pvp: { key: 'PVP', icon: 'pvp' },
  fish: { key: 'FISH', icon: 'fish' },
  hot: { key: 'HOT', icon: 'fire' },
  fav: { key: 'FAV', icon: 'heart' },
};

/** /rng /live /pvp /fish /hot /fav: the one game-list page, its category from the route (spec 01 §2). */
export function Component() {
  const { t } = useTranslation('shell');
  const { page = 'rng' } = useParams();
  const [params] = useSearchParams();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const heading = HEADINGS[page] ?? HEADINGS['rng']!;
  const isCrash = page === 'rng' && params.get('gameClassify') === 'Crash';
  const title = isCrash ? t('categories.CRASH') : t(`categories.${heading.key}`);
  return (
    <GameListPage.Component
      category={page}
      fallback={
        <>
          <PageHeader icon={isCrash ? 'crash' : heading.icon} title={title} subtitle={t(`pages.listText.${page}`)} />
          {page === 'fav' && !isSignedIn ? (
            <SignInPrompt icon="heart" title={t('pages.signInForFavourites')} />
          ) : (
            <EmptyState icon={heading.icon} title={t('pages.noGames')} text={t('pages.noVendorsText')} />
          )}
        </>
      }
    />
  );
}
