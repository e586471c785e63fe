import { REGISTER_PAGES } from '@parlay/contract/constants';
import { lazy } from 'react';
import { useParams } from 'react-router';
import { GAME_LIST_CATEGORIES } from '../../features/games/lib/game-list-categories';
import { withChunkTimeout } from '../../lib/chunk-timeout';
import { NotFoundPage } from '../parts/not-found-page';

const GameList = lazy(() =>
  withChunkTimeout(() => import('../routes/game-list')).then((module) => ({ default: module.Component })),
);
const Register = lazy(() =>
  withChunkTimeout(() => import('../routes/register')).then((module) => ({ default: module.Component })),
);

function isOneOf<T extends string>(list: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (list as readonly string[]).includes(value);
}

/** One route with a parameter: the game category, or the spelling of the register page. */
export function SegmentPage() {
  const { page } = useParams();
  if (isOneOf(GAME_LIST_CATEGORIES, page)) return <GameList category={page} />;
  if (isOneOf(REGISTER_PAGES, page)) return <Register />;
  return <NotFoundPage />;
}
