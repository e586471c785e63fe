import { LOTTO_AREA } from '@parlay/contract';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';
import { useThemeStore } from '../../../lib/theme';
import { useLotteryGame } from '../api/get-game-menus';
import { useLaunchGame } from '../api/launch-game';
import { useCdnHosts } from '../hooks/use-cdn-hosts';
import { useFrameBalanceMessages } from '../hooks/use-frame-balance-messages';
import { resolveOnHost } from '../lib/cdn';
import { lotteryPrizeMode } from '../lib/navigation';
import styles from './lottery-launch.module.css';

/** Adds the site's theme to the lottery's address (unsigned: the vendor's launch signature still holds). */
function withTheme(url: string, theme: string): string {
  const [address = '', fragment] = url.split('#', 2);
  const joined = `${address}${address.includes('?') ? '&' : '?'}theme=${encodeURIComponent(theme)}`;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

function Notice({ children }: { children: ReactNode }) {
  return <div className={styles.notice}>{children}</div>;
}

/**
 * Starts the lottery game of a lottery route (/lottery, /vnlottery, /seaLottery ?gameCode=) for a
 * signed-in member: the lottery menu says which vendor offers the code, and the launch (launchMode LOTT,
 * the game code with its vassalage) gives the address shown in the frame. A game that is down says so.
 * Each change of `balance` (the header's) is passed on to the game, as on /game.
 */
export function LotteryLaunch({
  gameCode,
  accountType,
  playType,
  balance,
}: {
  gameCode: string;
  /** The lottery page's account type (/seaLottery SEA, /vnlottery VN, /lottery LOTT). */
  accountType: 'SEA' | 'VN' | 'LOTT';
  playType?: string | null;
  balance?: number;
}) {
  const { t } = useTranslation('games');
  const brand = useBrand().brand;
  const lottery = useLotteryGame(gameCode);
  const game = lottery.data ?? undefined;
  const launch = useLaunchGame({
    gameCode,
    vassalage: game?.vassalage,
    launchMode: 'LOTT',
    playMode: 'real',
    lottery: game && {
      lottoArea: LOTTO_AREA,
      prizeMode: lotteryPrizeMode({ accountType, playType }, game, brand.prizeModes),
      lottoView: 'betting',
      device: brand.device,
      // The lottery's own back button returns to the lottery vendors of this site.
      backUrl: new URL('/elott', window.location.origin).href,
    },
  });
  const { launchHost } = useCdnHosts();
  const frame = useRef<HTMLIFrameElement>(null);
  // The site's theme when the lottery opened, added unsigned as /game adds it (a later toggle must not reload it).
  const [theme] = useState(() => useThemeStore.getState().theme);
  const launched = resolveOnHost(launch.data?.game_url ?? launch.data?.game_url2, launchHost);
  const url = launched && withTheme(launched, theme);
  useFrameBalanceMessages(frame, url, balance);

  if (lottery.isPending || (game && launch.isPending)) return <PageLoader label={t('launching')} />;
  if (!game) {
    return (
      <Notice>
        <EmptyState
          icon="lottery"
          title={lottery.isError ? t('loadFailed') : t('lotteryNotFound')}
          text={t('lotteryNotFoundText')}
          action={
            <Link to="/elott" className={buttonClassName()}>
              {t('lotteryNotFoundAction')}
            </Link>
          }
        />
      </Notice>
    );
  }
  if (launch.isError) {
    const error = launch.error;
    if (error instanceof ApiError && error.code === 'GAME_MAINTENANCE') {
      return (
        <Notice>
          <EmptyState icon="wrench" title={t('maintenance')} text={error.message} />
        </Notice>
      );
    }
    return (
      <Notice>
        <EmptyState
          icon="info"
          title={t('launchFailed')}
          text={error instanceof ApiError ? error.message : t('loadFailed')}
          action={<Button onClick={() => void launch.refetch()}>{t('retry')}</Button>}
        />
      </Notice>
    );
  }
  if (!url) {
    return (
      <Notice>
        <EmptyState icon="info" title={t('launchFailed')} text={t('noLaunchUrl')} />
      </Notice>
    );
  }
  return (
    <iframe
      ref={frame}
      className={styles.frame}
      src={url}
      title={game.gameName}
      allow="autoplay; fullscreen; clipboard-write"
      referrerPolicy="origin"
    />
  );
}
