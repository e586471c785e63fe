import type { BettingProfit } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import styles from './profit-chart.module.css';

const WIDTH = 720;
const HEIGHT = 220;
const PAD_X = 8;
const PAD_Y = 12;

/**
 * The win or loss of each day as a bar above or below the zero line: an SVG of our own, a few hundred bytes
 * in this page's chunk, where a chart library would weigh more than the page (the site's first-load budget,
 * decision 0008). The figures are in the tables beside it; the chart's text says what it shows.
 */
export function ProfitChart({
  profit,
  formatSigned,
}: {
  profit: BettingProfit;
  formatSigned: (minor: number) => string;
}) {
  const { t, i18n } = useTranslation('member-history');
  const days = profit.days;
  const peak = Math.max(1, ...days.map((day) => Math.abs(day.profitMinor)));
  const plot = HEIGHT - 2 * PAD_Y;
  const zero = PAD_Y + plot / 2;
  const slot = (WIDTH - 2 * PAD_X) / Math.max(1, days.length);
  const bar = Math.max(2, Math.min(28, slot * 0.7));
  const dayLabel = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const labelOf = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
  // A label every few days so they never overlap: about 8 across the chart.
  const every = Math.max(1, Math.ceil(days.length / 8));
  const summary = t('profit.chartSummary', {
    days: days.length,
    from: labelOf(profit.from),
    to: labelOf(profit.to),
    up: days.filter((day) => day.profitMinor > 0).length,
    down: days.filter((day) => day.profitMinor < 0).length,
  });

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.caption}>{t('profit.chart')}</figcaption>
      {/* Stretched to the panel's width: bars may widen, so the day labels are text below it, not in it. */}
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <line x1={PAD_X} x2={WIDTH - PAD_X} y1={zero} y2={zero} className={styles.axis} />
        {days.map((day, index) => {
          const size = (Math.abs(day.profitMinor) / peak) * (plot / 2);
          const x = PAD_X + index * slot + (slot - bar) / 2;
          return (
            <g key={day.day}>
              {day.profitMinor !== 0 && (
                <rect
                  x={x}
                  y={day.profitMinor > 0 ? zero - size : zero}
                  width={bar}
                  height={Math.max(1, size)}
                  rx={Math.min(3, bar / 3)}
                  className={day.profitMinor > 0 ? styles.up : styles.down}
                >
                  <title>{`${labelOf(day.day)}: ${formatSigned(day.profitMinor)}`}</title>
                </rect>
              )}
            </g>
          );
        })}
      </svg>
      <div className={styles.ticks} aria-hidden="true">
        {days.map((day, index) =>
          index % every === 0 ? (
            <span key={day.day} style={{ left: `${((PAD_X + (index + 0.5) * slot) / WIDTH) * 100}%` }}>
              {labelOf(day.day)}
            </span>
          ) : null,
        )}
      </div>
    </figure>
  );
}
