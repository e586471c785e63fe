import type { GameType } from '@parlay/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-history.json';
import { useOptionalBrand } from '../../../../lib/brand';
import {
  DateRange,
  isReadableRange,
  previousDays,
  todayIn,
  type DateRangeValue,
} from '../../../../components/ui/date-range';
import { useBettingRecords, type RecordsFilter } from './api/get-betting-records';
import { useVendorGameTypes } from './api/get-vendor-game-types';
import { Figures } from './components/figures';
import { RecordsTable } from './components/records-table';
import styles from './personal-history.module.css';

// The Korean texts of the records and the profit pages come with their chunks (decision 0008).
addKoreanTexts('member-history', texts);

/**
 * personalHistoryCopy, the betting records (docs/product/member-centre.md#records): the member's rounds by
 * category, vendor and a period of the brand's days, the period's totals, and each round's detail.
 */
export default function PersonalHistoryPage() {
  const { t } = useTranslation('member-history');
  const id = useId();
  const timeZone = useOptionalBrand()?.brand.timeZone ?? 'Asia/Seoul';
  const today = todayIn(timeZone);
  const [period, setPeriod] = useState<DateRangeValue>(() => previousDays(7, today));
  const [gameType, setGameType] = useState<GameType | ''>('');
  const [vassalage, setVassalage] = useState('');
  const vendors = useVendorGameTypes();

  const categories = useMemo(() => {
    const all = new Set<GameType>();
    for (const vendor of vendors.data?.list ?? []) for (const type of vendor.gameTypes) all.add(type);
    return [...all];
  }, [vendors.data]);
  const vendorChoices = (vendors.data?.list ?? []).filter((vendor) => !gameType || vendor.gameTypes.includes(gameType));

  const readable = isReadableRange(period);
  // A period the server would refuse is not sent: the last one readable stays on screen under the message.
  const [shown, setShown] = useState<RecordsFilter>({ ...period });
  const filter: RecordsFilter = readable
    ? { ...period, ...(gameType ? { gameType } : {}), ...(vassalage ? { vassalage } : {}) }
    : shown;
  if (readable && JSON.stringify(filter) !== JSON.stringify(shown)) setShown(filter);

  const records = useBettingRecords(filter);
  const firstPage = records.data?.pages[0];
  const list = records.data?.pages.flatMap((page) => page.list) ?? [];
  const currency = useOptionalBrand()?.brand.currency ?? list[0]?.currency ?? 'KRW';

  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t('records.title')}</h2>
      <form className={styles.filters} aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
        <DateRange value={period} today={today} onChange={setPeriod} allowFuture={false} />
        <div className={styles.selects}>
          <label htmlFor={`${id}-category`}>
            <span>{t('filters.category')}</span>
            <select
              id={`${id}-category`}
              value={gameType}
              onChange={(event) => {
                setGameType(event.target.value as GameType | '');
                setVassalage('');
              }}
            >
              <option value="">{t('filters.all')}</option>
              {categories.map((type) => (
                <option key={type} value={type}>
                  {t(`categories.${type}`, { defaultValue: type })}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-vendor`}>
            <span>{t('filters.vendor')}</span>
            <select id={`${id}-vendor`} value={vassalage} onChange={(event) => setVassalage(event.target.value)}>
              <option value="">{t('filters.all')}</option>
              {vendorChoices.map((vendor) => (
                <option key={vendor.vassalage} value={vendor.vassalage}>
                  {vendor.displayName}
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>

      {records.isPending ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : records.isError ? (
        <p className={styles.error} role="alert">
          {records.error.message}
        </p>
      ) : (
        <>
          {firstPage?.totals && <Figures figures={firstPage.totals} currency={currency} label={t('records.totals')} />}
          {list.length === 0 ? (
            <EmptyState compact icon="record" title={t('records.empty')} text={t('records.emptyText')} />
          ) : (
            <>
              <RecordsTable records={list} caption={t('records.title')} />
              {records.hasNextPage && (
                <Button
                  variant="secondary"
                  size="small"
                  className={styles.more}
                  disabled={records.isFetchingNextPage}
                  onClick={() => void records.fetchNextPage()}
                >
                  {t('records.more')}
                </Button>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
