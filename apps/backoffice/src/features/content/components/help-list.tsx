import { CONTENT_LANGUAGES, HELP_CATEGORIES, type BoHelpItem } from '@parlay/contract';
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
import { useHelpItems } from '../api/help-items';
import { ContentTabs } from './content-tabs';
import styles from './content.module.css';

const FILTERS = ['language', 'category'] as const;
const column = columnsOf<BoHelpItem>();
const pick = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The help centre's items (FAQ, terms, privacy, …) by language and category, newest first. */
export function HelpList({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('content');
  const canWrite = useCan('content.write');
  const list = useKeysetList(FILTERS);
  const language = pick(CONTENT_LANGUAGES, list.filters.language);
  const category = pick(HELP_CATEGORIES, list.filters.category);
  const query = useHelpItems(brand, { language, category, cursor: list.cursor });
  const base = `/brands/${encodeURIComponent(brand)}/content/help`;
  const columns = [
    column.accessor('title', {
      header: t('fields.title'),
      cell: (info) => (
        <Link to={`${base}/${info.row.original.id}`} className={styles.titleLink}>
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('category', {
      header: t('fields.category'),
      cell: (info) => <Badge>{t(`categories.${info.getValue()}`)}</Badge>,
    }),
    column.accessor('language', { header: t('fields.language') }),
    column.accessor('sortOrder', { header: t('fields.sortOrder') }),
    column.accessor('updatedAt', { header: t('fields.updatedAt'), cell: (info) => formatTime(info.getValue()) }),
  ];
  const isFiltered = Boolean(language || category);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { brand: brandName })}
        actions={
          canWrite && (
            <Link to={`${base}/new`} className={buttonClassName()}>
              <Icon name="plus" size={16} />
              {t('help.new')}
            </Link>
          )
        }
      />
      <ContentTabs brand={brand} />
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
          label={t('fields.category')}
          value={category ?? ''}
          onChange={(event) => list.setFilters({ category: event.target.value })}
        >
          <option value="">{t('help.anyCategory')}</option>
          {HELP_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`categories.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable
        caption={t('help.caption')}
        columns={columns}
        getRowId={(item) => String(item.id)}
        query={query}
        paging={list}
        empty={
          <EmptyState
            icon="info"
            title={isFiltered ? t('list.noMatchTitle') : t('help.emptyTitle')}
            text={isFiltered ? t('list.noMatchText') : undefined}
          />
        }
      />
    </>
  );
}
