import type { FeedImportResult, VendorFeed } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan, useOperatorSession } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useVendorFeeds } from '../api/get-vendor-feeds';
import { useImportVendorFeed } from '../api/import-vendor-feed';
import { useSyncVendorFeed } from '../api/sync-vendor-feed';
import styles from './games.module.css';
import { FeedStatusBadge } from './labels';

const column = columnsOf<VendorFeed>();

/** The last reading of a feed: written, refused (and why), or none yet. */
function FeedResult({ feed }: { feed: VendorFeed }) {
  const { t } = useTranslation('games');
  if (!feed.checkedAt) return <span className={styles.muted}>{t('feeds.neverRead')}</span>;
  if (feed.error) {
    return (
      <span>
        <Badge tone="off">{t('feeds.failed')}</Badge>
        <span className={styles.error}>{feed.error}</span>
      </span>
    );
  }
  return <Badge tone="ok">{t('feeds.written')}</Badge>;
}

/**
 * The vendors and their feeds (decision 0020): their games, where the feed is published (read again every 6
 * hours), the last reading and its result. An operator of every brand reads a feed now, or uploads one.
 */
export function VendorFeeds() {
  const { t } = useTranslation('games');
  const session = useOperatorSession();
  const canChange = useCan('games.write') && session.allBrands;
  const list = useKeysetList([]);
  const query = useVendorFeeds({ cursor: list.cursor });
  const sync = useSyncVendorFeed();
  const [syncing, setSyncing] = useState<string | null>(null);
  const [isImporting, setIsImporting] = useState(false);

  async function syncNow(feed: VendorFeed) {
    setSyncing(feed.code);
    try {
      const read = await sync.mutateAsync(feed.code);
      toast.success(t('feeds.synced', { name: read.name, games: read.games }));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    } finally {
      setSyncing(null);
    }
  }

  const columns = [
    column.accessor('name', {
      header: t('feeds.vendor'),
      cell: (info) => (
        <span className={styles.name}>
          <strong>{info.getValue()}</strong>
          <span className={styles.code}>{info.row.original.code}</span>
        </span>
      ),
    }),
    column.accessor('status', {
      header: t('feeds.status'),
      cell: (info) => <FeedStatusBadge status={info.getValue()} />,
    }),
    column.accessor('gameTypes', {
      header: t('feeds.types'),
      cell: (info) => (
        <span className={styles.badges}>
          {info.getValue().map((type) => (
            <Badge key={type}>{t(`types.${type}`)}</Badge>
          ))}
        </span>
      ),
    }),
    column.accessor('games', {
      header: () => <span className={styles.number}>{t('feeds.games')}</span>,
      cell: (info) => <span className={styles.number}>{info.getValue().toLocaleString()}</span>,
    }),
    column.accessor('catalogueUrl', {
      header: t('feeds.source'),
      cell: (info) => {
        const url = info.getValue();
        return url ? (
          <span className={styles.url}>{url}</span>
        ) : (
          <span className={styles.muted}>{t('feeds.byHand')}</span>
        );
      },
    }),
    column.accessor('checkedAt', {
      header: t('feeds.lastReading'),
      cell: (info) => (
        <span className={styles.name}>
          <span>{formatTime(info.getValue())}</span>
          <FeedResult feed={info.row.original} />
        </span>
      ),
    }),
    column.accessor('updatedAt', {
      header: t('feeds.lastWritten'),
      cell: (info) => formatTime(info.row.original.syncedAt ?? info.getValue()),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('feeds.actions')}</span>,
      cell: (info) => {
        const feed = info.row.original;
        if (!canChange || !feed.catalogueUrl) return null;
        return (
          <span className={styles.rowActions}>
            <Button
              variant="secondary"
              size="small"
              disabled={syncing !== null}
              aria-label={t('feeds.syncOf', { name: feed.name })}
              onClick={() => void syncNow(feed)}
            >
              <Icon name="refresh" size={16} />
              {syncing === feed.code ? t('feeds.syncing') : t('feeds.sync')}
            </Button>
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('feeds.title')}
        subtitle={t('feeds.subtitle')}
        actions={
          canChange && (
            <Button variant="secondary" onClick={() => setIsImporting(true)}>
              <Icon name="upload" size={16} />
              {t('feeds.import')}
            </Button>
          )
        }
      />
      <p className={styles.note}>{canChange ? t('feeds.howTo') : t('feeds.platformOnly')}</p>
      <DataTable
        caption={t('feeds.title')}
        columns={columns}
        getRowId={(feed) => feed.code}
        query={query}
        paging={list}
        empty={<EmptyState icon="server" title={t('feeds.emptyTitle')} text={t('feeds.emptyText')} />}
      />
      {isImporting && <ImportDialog onClose={() => setIsImporting(false)} />}
    </>
  );
}

/** A vendor's feed uploaded as a JSON file (as `games import`); a new vendor's wallet secret is shown once. */
function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('games');
  const upload = useImportVendorFeed();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<FeedImportResult | null>(null);

  async function submit() {
    if (!file) return;
    let feed: unknown;
    try {
      feed = JSON.parse(await file.text());
    } catch {
      setFailure(t('feeds.notJson'));
      return;
    }
    try {
      const written = await upload.mutateAsync(feed);
      setResult(written);
      toast.success(t('feeds.imported', { vendor: written.vendor, games: written.games }));
    } catch (error) {
      const issues =
        error instanceof ApiError && error.value && typeof error.value === 'object' && 'issues' in error.value
          ? (error.value.issues as { path: string; message: string }[])
          : [];
      const where = issues
        .slice(0, 3)
        .map((issue) => `${issue.path || '—'}: ${issue.message}`)
        .join('; ');
      setFailure(`${messageOf(error, t('errors.failed'))}${where ? ` (${where})` : ''}`);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('feeds.importTitle')}
      description={t('feeds.importText')}
      width={560}
      footer={
        result ? (
          <Button onClick={onClose}>{t('feeds.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button disabled={!file || upload.isPending} onClick={() => void submit()}>
              <Icon name="upload" size={16} />
              {t('feeds.importSubmit')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className={styles.form}>
          <p className={styles.note}>
            {result.vendorCreated
              ? t('feeds.importedNew', { vendor: result.vendor, games: result.games })
              : t('feeds.imported', { vendor: result.vendor, games: result.games })}
          </p>
          {result.walletSecret && (
            <>
              <p className={styles.warning}>{t('feeds.secretOnce')}</p>
              <code className={styles.secret} aria-label={t('feeds.secret')}>
                {result.walletSecret}
              </code>
            </>
          )}
        </div>
      ) : (
        <div className={styles.form}>
          <label className={styles.name}>
            <span>{t('feeds.file')}</span>
            <input
              type="file"
              accept="application/json,.json"
              onChange={(event) => {
                setFailure(null);
                setFile(event.target.files?.[0] ?? null);
              }}
            />
          </label>
          <FormError message={failure} />
        </div>
      )}
    </Dialog>
  );
}
