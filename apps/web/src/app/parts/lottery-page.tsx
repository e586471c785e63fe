import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Icon } from '../../components/ui/icon';
import { useLotteryGame } from '../../features/games/api/get-game-menus';
import { LotteryLaunch } from '../../features/games/components/lottery-launch';
import { useBalance } from '../../features/wallet';
import { PageTitle } from '../../lib/page-title';
import { useSessionStore } from '../../lib/session-store';
import { SignInPrompt } from './sign-in-prompt';
import styles from './lottery-page.module.css';

/** The lottery's name from the lottery menu; its code while the menu loads or when no vendor offers it. */
function LotteryLabel({ gameCode, playType }: { gameCode: string; playType: string | null }) {
  const game = useLotteryGame(gameCode).data;
  return (
    <span className={styles.meta}>
      {game?.gameName ?? gameCode}
      {playType ? ` · ${playType}` : ''}
    </span>
  );
}

/** The tab names the chosen lottery by its game name once the lottery menu has it, else the page. */
function LotteryTitle({ gameCode, title }: { gameCode: string; title: string }) {
  const game = useLotteryGame(gameCode).data;
  return <PageTitle name={game?.gameName ?? title} />;
}

/**
 * The lottery pages (/lottery, /vnlottery, /seaLottery) are header-only or chrome-less frames the
 * lottery vendor fills: with `gameCode` a signed-in member's lottery starts here. Without one they send
 * the member to the e-lottery list to choose one, and always offer the way back.
 */
export function LotteryPage({ title, accountType }: { title: string; accountType: 'SEA' | 'VN' | 'LOTT' }) {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const gameCode = params.get('gameCode');
  const playType = params.get('playType');
  const balance = useBalance();
  return (
    <div className={styles.frame} data-account-type={accountType}>
      <div className={styles.bar}>
        <Link to="/index" className={styles.back}>
          <Icon name="home" size={18} />
          {t('backToLobby')}
        </Link>
        <h1 className={styles.title}>{title}</h1>
        {gameCode && <LotteryLabel gameCode={gameCode} playType={playType} />}
        {gameCode ? <LotteryTitle gameCode={gameCode} title={title} /> : <PageTitle name={title} />}
      </div>
      {isSignedIn && gameCode ? (
        <LotteryLaunch
          gameCode={gameCode}
          accountType={accountType}
          playType={playType}
          balance={balance.data?.sumBalance}
        />
      ) : (
        <div className={styles.body}>
          {isSignedIn ? (
            <EmptyState
              icon="lottery"
              title={t('pages.chooseLottery')}
              text={t('pages.chooseLotteryText')}
              action={
                <Link to="/elott" className={buttonClassName()}>
                  {t('pages.chooseLotteryAction')}
                </Link>
              }
            />
          ) : (
            <SignInPrompt icon="lottery" title={t('pages.signInToPlay')} text={t('pages.signInToPlayText')} />
          )}
        </div>
      )}
    </div>
  );
}
