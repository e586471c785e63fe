import type { Game } from '@parlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { openModal } from '../../../lib/modal-store';
import { PageTitle } from '../../../lib/page-title';
import { isFreePlayGuest, useSessionStore } from '../../../lib/session-store';
import { useThemeStore } from '../../../lib/theme';
import { useHotGames } from '../api/get-hot-games';
import { useLaunchGame, type LaunchTarget } from '../api/launch-game';
import { gamesKeys } from '../api/query-keys';
import { useCdnHosts } from '../hooks/use-cdn-hosts';
import { useFrameBalanceMessages } from '../hooks/use-frame-balance-messages';
import { useLaunchedGameName } from '../hooks/use-launched-game-name';
import { useOpenGame } from '../hooks/use-open-game';
import { useSignInMessage } from '../hooks/use-sign-in-message';
import { resolveOnHost } from '../lib/cdn';
import { GameGrid } from './game-grid';
import styles from './game-launch-page.module.css';
import { LazyVassalagePopup } from './lazy-vassalage-popup';

function positiveInt(value: string | null): number | undefined {
  if (value === null) return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * Reads the launch target from /game?gameId=…|roomId=…[&playMode=trial]. A free-play guest has no real money: its
 * games open in practice whatever the link says (decision 0072).
 */
function useLaunchTarget(): LaunchTarget {
  const [params] = useSearchParams();
  const isGuest = useSessionStore((state) => isFreePlayGuest(state.member));
  return {
    gameId: positiveInt(params.get('gameId')),
    roomId: positiveInt(params.get('roomId')),
    nodeId: positiveInt(params.get('nodeId')),
    vassalage: params.get('vassalage') ?? undefined,
    playMode: params.get('playMode') === 'trial' || isGuest ? 'trial' : 'real',
  };
}

/** 'Game maintenance' with other games to try instead (docs/product/games-and-wallet.md#game-maintenance). */
function Maintenance({ message }: { message: string }) {
  const { t } = useTranslation('games');
  const hot = useHotGames();
  const [popupGame, setPopupGame] = useState<Game | null>(null);
  const openGame = useOpenGame(setPopupGame);
  const others = (hot.data ?? []).filter((game) => game.status === 'active').slice(0, 6);
  return (
    <div className={styles.notice}>
      <EmptyState
        icon="wrench"
        title={t('maintenance')}
        text={message}
        action={
          <Link to="/index" className={buttonClassName()}>
            {t('backToLobby')}
          </Link>
        }
      />
      {others.length > 0 && (
        <section className={styles.suggestions} aria-labelledby="try-other-games">
          <h2 id="try-other-games">{t('tryOtherGames')}</h2>
          <GameGrid games={others} onOpen={openGame} label={t('tryOtherGames')} />
        </section>
      )}
      <LazyVassalagePopup game={popupGame} onClose={() => setPopupGame(null)} onOpen={openGame} />
    </div>
  );
}

/** Adds the site's theme to a game's address (unsigned, so a vendor's launch signature still holds). */
function withTheme(url: string, theme: string): string {
  const [address = '', fragment] = url.split('#', 2);
  const joined = `${address}${address.includes('?') ? '&' : '?'}theme=${encodeURIComponent(theme)}`;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

/**
 * /game (docs/product/games-and-wallet.md#game-launch): launches the game of the address for a signed-in member
 * and shows it in a full-height iframe with a way back; a guest gets the login popup; a game that is down says
 * so. `balance` is the member's balance as the header shows it: each change after the launch is passed on to a
 * real-money game, so that it can show a movement made elsewhere.
 */
export function GameLaunchPage({ balance }: { balance?: number }) {
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  const target = useLaunchTarget();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();
  const launch = useLaunchGame(target);
  const gameName = useLaunchedGameName(target, launch.isSuccess);
  const { launchHost } = useCdnHosts();
  const askedToSignIn = useRef(false);
  // A trial link asks a guest to sign in as the card's 'Free trial' button does (decision 0007).
  const signInMessage = useSignInMessage()(target.playMode);
  // The theme when the game opened: a game that knows `theme` matches the site; a later toggle must not
  // reload the game in play.
  const [theme] = useState(() => useThemeStore.getState().theme);
  const hasTarget = target.gameId !== undefined || target.roomId !== undefined;
  const frame = useRef<HTMLIFrameElement>(null);
  const url = launch.data
    ? resolveOnHost(launch.data.game_url ?? launch.data.content ?? launch.data.game_url2, launchHost)
    : undefined;
  useFrameBalanceMessages(frame, launch.data?.playMode === 'trial' ? null : url, balance);

  // Each launch puts the game first in the member's recently played games: the lobby's row follows.
  useEffect(() => {
    if (launch.data)
      void queryClient.invalidateQueries({ queryKey: gamesKeys.recent(token) }, { cancelRefetch: false });
  }, [launch.data, queryClient, token]);

  useEffect(() => {
    if (!isSignedIn && hasTarget && !askedToSignIn.current) {
      askedToSignIn.current = true;
      openModal('loginPopupModal', { message: signInMessage });
    }
  }, [hasTarget, isSignedIn, signInMessage]);

  function goBack() {
    // Back to where the game was chosen; a game opened from a link goes to the lobby instead.
    if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
    else void navigate('/index');
  }

  /** The page with the tab named after the game, once its name is known. */
  const titled = (body: ReactNode) => (
    <>
      <PageTitle name={gameName ?? t('gameFrame')} />
      {body}
    </>
  );

  const backButton = (
    <button type="button" className={styles.back} onClick={goBack}>
      <Icon name="chevronRight" size={18} className={styles.backIcon} />
      {t('back')}
    </button>
  );

  if (!hasTarget) {
    return titled(
      <div className={styles.notice}>
        <EmptyState
          icon="slots"
          title={t('noGameChosen')}
          text={t('noGameChosenText')}
          action={
            <Link to="/index" className={buttonClassName()}>
              {t('backToLobby')}
            </Link>
          }
        />
      </div>,
    );
  }

  if (!isSignedIn) {
    return titled(
      <div className={styles.notice}>
        <EmptyState
          icon="lock"
          title={t('signInToPlay')}
          text={signInMessage}
          action={
            <Button onClick={() => openModal('loginPopupModal', { message: signInMessage })}>{t('signIn')}</Button>
          }
        />
      </div>,
    );
  }

  if (launch.isPending) return titled(<PageLoader label={t('launching')} />);

  if (launch.isError) {
    const error = launch.error;
    if (error instanceof ApiError && error.code === 'GAME_MAINTENANCE')
      return titled(<Maintenance message={error.message} />);
    return titled(
      <div className={styles.notice}>
        <EmptyState
          icon="info"
          title={t('launchFailed')}
          text={error instanceof ApiError ? error.message : t('loadFailed')}
          action={
            <div className={styles.noticeActions}>
              <Button onClick={() => void launch.refetch()}>{t('retry')}</Button>
              <Link to="/index" className={buttonClassName('secondary')}>
                {t('backToLobby')}
              </Link>
            </div>
          }
        />
      </div>,
    );
  }

  const altUrl = resolveOnHost(launch.data.game_url2, launchHost);
  if (!url) {
    return titled(
      <div className={styles.notice}>
        <EmptyState icon="info" title={t('launchFailed')} text={t('noLaunchUrl')} action={backButton} />
      </div>,
    );
  }
  return titled(
    <div className={styles.frameWrap}>
      <div className={styles.bar}>
        {backButton}
        {gameName && <h1 className={styles.name}>{gameName}</h1>}
        {launch.data.playMode === 'trial' && (
          <span className={styles.trial}>
            {/* On a phone the short label leaves room for the game's name. */}
            <span className={styles.hideOnPhone}>{t('trialBadge')}</span>
            <span className={styles.phoneOnly}>{t('trialBadgeShort')}</span>
          </span>
        )}
        <span className={styles.spacer} />
        {altUrl && altUrl !== url && (
          <a className={styles.barLink} href={altUrl} target="_blank" rel="noopener noreferrer">
            {t('openInWindow')}
          </a>
        )}
        <button
          type="button"
          className={styles.barLink}
          // On a phone the text is hidden and the icon alone shows: the name stays for screen readers.
          aria-label={t('reload')}
          title={t('reload')}
          onClick={() => void launch.refetch()}
        >
          <Icon name="refresh" size={16} />
          <span className={styles.hideOnPhone}>{t('reload')}</span>
        </button>
      </div>
      <iframe
        ref={frame}
        className={styles.frame}
        src={withTheme(url, theme)}
        title={gameName ?? t('gameFrame')}
        allow="autoplay; fullscreen; clipboard-write"
        referrerPolicy="origin"
      />
    </div>,
  );
}
