import { useTranslation } from 'react-i18next';
import styles from './day-bars.module.css';

const WIDTH = 700;
const HEIGHT = 200;
const PAD_X = 6;
const PAD_Y = 10;

export interface DaySeries {
  label: string;
  values: readonly number[];
  /** The bar's colour: 'a' the first series' (the brand's), 'b' the second's; 'sign' green above zero, red below. */
  tone: 'a' | 'b' | 'sign';
  format: (value: number) => string;
}

/**
 * Bars a day for one or two series, above and below a zero line: a small SVG of our own (a chart library would
 * weigh more than the page, decision 0008). Its label says what it shows; the page's day table holds the figures.
 */
export function DayBars({
  title,
  summary,
  days,
  series,
}: {
  title: string;
  summary: string;
  days: readonly string[];
  series: readonly DaySeries[];
}) {
  const { i18n } = useTranslation();
  const values = series.flatMap((one) => one.values);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const range = top - bottom || 1;
  const plot = HEIGHT - 2 * PAD_Y;
  const zero = PAD_Y + (top / range) * plot;
  const slot = (WIDTH - 2 * PAD_X) / Math.max(1, days.length);
  const bar = Math.max(2, Math.min(18, (slot * 0.8) / series.length));
  const dayLabel = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const labelOf = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
  // About 5 labels across, so they never overlap on a phone (Korean writes a day as "11. 15.").
  const every = Math.max(1, Math.ceil(days.length / 5));

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <line x1={PAD_X} x2={WIDTH - PAD_X} y1={zero} y2={zero} className={styles.axis} />
        {days.map((day, index) => {
          const group = bar * series.length;
          const left = PAD_X + index * slot + (slot - group) / 2;
          return (
            <g key={day}>
              {series.map((one, at) => {
                const value = one.values[index] ?? 0;
                if (value === 0) return null;
                const size = Math.max(1, (Math.abs(value) / range) * plot);
                const tone = one.tone === 'sign' ? (value > 0 ? styles.up : styles.down) : styles[one.tone];
                return (
                  <rect
                    key={one.label}
                    x={left + at * bar}
                    y={value > 0 ? zero - size : zero}
                    width={Math.max(1, bar - 1)}
                    height={size}
                    rx={Math.min(2, bar / 3)}
                    className={tone}
                  >
                    <title>{`${labelOf(day)} ${one.label}: ${one.format(value)}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
      <div className={styles.ticks} aria-hidden="true">
        {days.map((day, index) =>
          index % every === 0 ? (
            <span key={day} style={{ left: `${((PAD_X + (index + 0.5) * slot) / WIDTH) * 100}%` }}>
              {labelOf(day)}
            </span>
          ) : null,
        )}
      </div>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((one) => (
          <li key={one.label}>
            <span className={`${styles.swatch} ${one.tone === 'sign' ? styles.signSwatch : styles[one.tone]}`} />
            {one.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
