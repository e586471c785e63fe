import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DateRange, isReadableRange, todayIn, type DateRangeValue } from '../../../components/ui/date-range';
import { useOptionalBrand } from '../../../lib/brand';
import styles from './report.module.css';

export { styles as reportStyles };

/** A report's search: the period (the brand's days) and the fields typed (`draft`) and sent (`search`). */
export interface ReportSearch<S extends { account: string }> {
  today: string;
  period: DateRangeValue;
  setPeriod: (period: DateRangeValue) => void;
  /** The period is whole and in order: the report may be read. */
  readable: boolean;
  draft: S;
  setDraft: Dispatch<SetStateAction<S>>;
  search: S;
  /** The form's submit: sends the draft, its account trimmed. */
  submit: (event: FormEvent) => void;
}

/** The state of a report page's search, its first period from `initial` (given today in the brand's time zone). */
export function useReportSearch<S extends { account: string }>(
  empty: S,
  initial: (today: string) => DateRangeValue,
): ReportSearch<S> {
  const today = todayIn(useOptionalBrand()?.brand?.timeZone ?? 'Asia/Seoul');
  const [period, setPeriod] = useState<DateRangeValue>(() => initial(today));
  const [draft, setDraft] = useState(empty);
  const [search, setSearch] = useState(empty);
  return {
    today,
    period,
    setPeriod,
    readable: isReadableRange(period),
    draft,
    setDraft,
    search,
    submit: (event) => {
      event.preventDefault();
      setSearch({ ...draft, account: draft.account.trim() });
    },
  };
}

/**
 * A report page's head: its title, the period picker and the search form (the account field, then `children`, the
 * page's own fields, then Search).
 */
export function ReportHead<S extends { account: string }>({
  title,
  state,
  accountHint,
  children,
}: {
  title: string;
  state: ReportSearch<S>;
  accountHint: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('member-agent');
  return (
    <>
      <h2 className={styles.title}>{title}</h2>
      <DateRange value={state.period} today={state.today} onChange={state.setPeriod} allowFuture={false} />
      <form className={styles.search} role="search" onSubmit={state.submit}>
        <label className={styles.field}>
          <span>{t('team.account')}</span>
          <input
            type="search"
            value={state.draft.account}
            maxLength={40}
            placeholder={accountHint}
            onChange={(event) => state.setDraft((draft) => ({ ...draft, account: event.target.value }))}
          />
        </label>
        {children}
        <Button type="submit">{t('team.search')}</Button>
      </form>
    </>
  );
}

/**
 * A report's pages as they load: nothing while the period is not readable, a loading line, the error with Retry, or
 * `render` with the first page, every page, and the "more" button while there is a next page.
 */
export function ReportPages<P>({
  query,
  readable,
  render,
}: {
  query: UseInfiniteQueryResult<InfiniteData<P>, Error>;
  readable: boolean;
  render: (first: P, pages: P[], more: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('member-agent');
  const pages = query.data?.pages ?? [];
  if (!readable) return null;
  if (query.isPending) return <p className={styles.muted}>{t('loading')}</p>;
  if (query.isError) {
    return (
      <div className={styles.error} role="alert">
        <p>{query.error.message}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }
  const first = pages[0];
  if (!first) return null;
  const more = query.hasNextPage && (
    <Button
      variant="secondary"
      className={styles.more}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? t('loading') : t('team.more')}
    </Button>
  );
  return <>{render(first, pages, more)}</>;
}

/** One figure of a report's totals: its label, its formatted value and, for a result, its sign (coloured). */
export interface ReportTile {
  key: string;
  label: string;
  value: string;
  sign?: 'plus' | 'minus' | 'zero';
}

/** A report's totals over its period: a heading with the range, then one tile a figure. */
export function ReportTotals({
  id,
  title,
  range,
  tiles,
}: {
  id: string;
  title: string;
  range: string;
  tiles: readonly ReportTile[];
}) {
  return (
    <section className={styles.totals} aria-labelledby={id}>
      <h3 id={id}>
        {title}
        <span className={styles.range}>{range}</span>
      </h3>
      <dl>
        {tiles.map((tile) => (
          <div key={tile.key} data-figure={tile.key}>
            <dt>{tile.label}</dt>
            <dd data-sign={tile.sign}>{tile.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
