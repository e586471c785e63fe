import { ANNOUNCEMENT_STATES, ANNOUNCEMENT_TYPES, CONTENT_LANGUAGES, type BoAnnouncement } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClassName } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useAnnouncements } from '../api/get-announcements';
import { ContentTabs } from './content-tabs';
import { ScheduleText, StateBadge } from './content-labels';
import styles from './content.module.css';

const FILTERS = ['type', 'language', 'state'] as const;
const column = columnsOf<BoAnnouncement>();
const pick = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

function useColumns(brand: string) {
  const { t } = useTranslation('content');
  return [
    column.accessor('title', {
      header: t('fields.title'),
      cell: (info) => (
        <Link to={`/brands/${encodeURIComponent(brand)}/content/${info.row.original.id}`} className={styles.titleLink}>
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('type', {
      header: t('fields.type'),
      cell: (info) => (
        <>
          <Badge>{t(`types.${info.getValue()}`)}</Badge>
          {info.row.original.audience === 'agents' && <Badge>{t('audiences.agents')}</Badge>}
        </>
      ),
    }),
    column.accessor('language', { header: t('fields.language') }),
    column.accessor('state', { header: t('fields.state'), cell: (info) => <StateBadge state={info.getValue()} /> }),
    column.display({
      id: 'schedule',
      header: t('fields.schedule'),
      cell: (info) => <ScheduleText startsAt={info.row.original.startsAt} endsAt={info.row.original.endsAt} />,
    }),
    column.accessor('updatedAt', { header: t('fields.updatedAt'), cell: (info) => formatTime(info.getValue()) }),
  ];
}

/**
 * A brand's announcements of every type, newest first: banners, player notices (the lobby's marquee), popups,
 * promotions' pages and others, with when each shows. Filters and the page are in the address.
 */
export function AnnouncementsList({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('content');
  const canWrite = useCan('content.write');
  const list = useKeysetList(FILTERS);
  const type = pick(ANNOUNCEMENT_TYPES, list.filters.type);
  const language = pick(CONTENT_LANGUAGES, list.filters.language);
  const state = pick(ANNOUNCEMENT_STATES, list.filters.state);
  const query = useAnnouncements(brand, { type, language, state, cursor: list.cursor });
  const columns = useColumns(brand);
  const isFiltered = Boolean(type || language || state);
  const newPath = `/brands/${encodeURIComponent(brand)}/content/new${type ? `?type=${type}` : ''}`;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { brand: brandName })}
        actions={
          canWrite && (
            <Link to={newPath} className={buttonClassName()}>
              <Icon name="plus" size={16} />
              {t('list.new')}
            </Link>
          )
        }
      />
      <ContentTabs brand={brand} />
      <div className={styles.quickTypes} role="group" aria-label={t('list.types')}>
        {[undefined, ...ANNOUNCEMENT_TYPES].map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            className={styles.chip}
            aria-pressed={type === value}
            onClick={() => list.setFilters({ type: value ?? '' })}
          >
            {value ? t(`types.${value}`) : t('list.allTypes')}
          </button>
        ))}
      </div>
      <div className={styles.filters} role="search" aria-label={t('list.filters')}>
        <SelectField
          label={t('fields.language')}
          value={language ?? ''}
          onChange={(event) => list.setFilters({ language: event.target.value })}
        >
          <option value="">{t('list.anyLanguage')}</option>
          {CONTENT_LANGUAGES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('fields.state')}
          value={state ?? ''}
          onChange={(event) => list.setFilters({ state: event.target.value })}
        >
          <option value="">{t('list.anyState')}</option>
          {ANNOUNCEMENT_STATES.map((value) => (
            <option key={value} value={value}>
              {t(`state.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        getRowId={(item) => String(item.id)}
        query={query}
        paging={list}
        empty={
          <EmptyState
            icon="megaphone"
            title={isFiltered ? t('list.noMatchTitle') : t('list.emptyTitle')}
            text={isFiltered ? t('list.noMatchText') : t('list.emptyText')}
          />
        }
      />
    </>
  );
}
