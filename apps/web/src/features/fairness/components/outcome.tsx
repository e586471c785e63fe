import { MINES_TILES, type VerifyOutput } from '@parlay/fairness';
import { useTranslation } from 'react-i18next';
import styles from './fairness.module.css';

/** Symbols as the slot's frame draws them. */
const SYMBOL_FACES: Record<string, string> = {
  wild: '★',
  scatter: '◆',
  seven: '7',
  crown: '♛',
  bell: '🔔',
  melon: '🍉',
  grape: '🍇',
  cherry: '🍒',
  lemon: '🍋',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A recomputed round, drawn as the game shows it: the roll, the multiplier, the mined tiles, the ball's path. */
export function Outcome({ result }: { result: VerifyOutput }) {
  const { t, i18n } = useTranslation('fairness');
  const number = (value: number, digits = 2) =>
    value.toLocaleString(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  switch (result.game) {
    case 'dice':
      return (
        <div className={styles.outcome}>
          <dl className={styles.figures}>
            <Figure label={t('result.roll')} value={number(result.roll)} />
          </dl>
          <div className={styles.track} aria-hidden="true">
            <span className={styles.marker} style={{ left: `${result.roll}%` }} />
          </div>
        </div>
      );
    case 'limbo':
      return (
        <dl className={styles.figures}>
          <Figure label={t('result.multiplier')} value={`${number(result.multiplier)}×`} />
        </dl>
      );
    case 'crash':
      return (
        <dl className={styles.figures}>
          <Figure label={t('result.crashPoint')} value={`${number(result.crashPoint)}×`} />
        </dl>
      );
    case 'mines': {
      const mined = new Set(result.mineTiles);
      return (
        <div className={styles.outcome}>
          <dl className={styles.figures}>
            <Figure label={t('result.mineTiles')} value={result.mineTiles.map((tile) => tile + 1).join(', ')} />
          </dl>
          <ol className={styles.mines} aria-label={t('result.mineTiles')}>
            {Array.from({ length: MINES_TILES }, (_, tile) => (
              <li key={tile} className={mined.has(tile) ? styles.mine : styles.gem}>
                <span aria-hidden="true">{mined.has(tile) ? '✹' : '◆'}</span>
                <span className={styles.tileNumber}>{tile + 1}</span>
              </li>
            ))}
          </ol>
        </div>
      );
    }
    case 'plinko':
      return (
        <div className={styles.outcome}>
          <dl className={styles.figures}>
            <Figure label={t('result.bucket')} value={String(result.bucket)} />
            <Figure label={t('result.multiplier')} value={`${number(result.multiplier, 1)}×`} />
          </dl>
          <p className={styles.path}>
            <span className={styles.pathLabel}>{t('result.path')}</span>
            {result.path.map((step, index) => (
              <span key={index} className={step === 1 ? styles.right : styles.left}>
                {step === 1 ? t('result.right') : t('result.left')}
              </span>
            ))}
          </p>
        </div>
      );
    case 'slot':
      return (
        <div className={styles.outcome}>
          <dl className={styles.figures}>
            <Figure label={t('result.winXStake')} value={`${number(result.winXStake)}×`} />
            <Figure label={t('result.freeSpins')} value={String(result.round.freeSpinsAwarded)} />
          </dl>
          <ol className={styles.spins}>
            {result.round.spins.map((spin, index) => (
              <li key={index} className={styles.spin}>
                <span className={styles.spinTitle}>
                  {t('result.spin', { number: index + 1 })} · {t('result.stops')} {spin.stops.join(' ')}
                </span>
                <span className={styles.reels} aria-hidden="true">
                  {spin.window.map((reel, column) => (
                    <span key={column} className={styles.reel}>
                      {reel.map((symbol, row) => (
                        <span key={row}>{SYMBOL_FACES[symbol] ?? symbol}</span>
                      ))}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ol>
        </div>
      );
  }
}
