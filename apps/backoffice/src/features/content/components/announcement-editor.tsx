import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_TYPES,
  BANNER_GROUPS,
  CONTENT_LANGUAGES,
  CreateAnnouncementRequestSchema,
  UpdateAnnouncementRequestSchema,
  type AnnouncementAudience,
  type AnnouncementType,
  type BoAnnouncement,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/empty-state';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { isApiError } from '../../../lib/api-client';
import { checkWith, messageOf } from '../../../lib/form';
import { formatTime, isoToLocalInput, localInputToIso } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useAnnouncement } from '../api/get-announcement';
import { useRemoveAnnouncement, useSaveAnnouncement } from '../api/save-announcement';
import { StateBadge } from './content-labels';
import styles from './content.module.css';
import { ImageField } from './image-field';
import { RichTextEditor } from './rich-text-editor';

interface Draft {
  type: AnnouncementType;
  language: (typeof CONTENT_LANGUAGES)[number];
  title: string;
  content: string;
  imageUrl: string;
  linkUrl: string;
  groupName: string;
  audience: AnnouncementAudience;
  sortOrder: string;
  startsAt: string;
  endsAt: string;
}

function draftOf(item: BoAnnouncement | null, type: AnnouncementType): Draft {
  return {
    type: item?.type ?? type,
    language: (item?.language as Draft['language'] | undefined) ?? 'KO',
    title: item?.title ?? '',
    content: item?.content ?? '',
    imageUrl: item?.imageUrl ?? '',
    linkUrl: item?.linkUrl ?? '',
    groupName: item?.groupName ?? '',
    audience: item?.audience ?? 'all',
    sortOrder: String(item?.sortOrder ?? 0),
    startsAt: isoToLocalInput(item?.startsAt ?? new Date().toISOString()),
    endsAt: isoToLocalInput(item?.endsAt ?? null),
  };
}

/** One announcement, new (`id` null) or as stored; reloading after another operator's save draws it again. */
export function AnnouncementEditor({
  brand,
  id,
  initialType,
}: {
  brand: string;
  id: number | null;
  initialType: AnnouncementType;
}) {
  const { t } = useTranslation('content');
  const query = useAnnouncement(brand, id);
  const [generation, setGeneration] = useState(0);
  const back = (
    <Link to={`/brands/${encodeURIComponent(brand)}/content`} className={styles.back}>
      <Icon name="chevronLeft" size={16} />
      {t('editor.back')}
    </Link>
  );
  if (id !== null && query.isPending) return <PageLoader />;
  if (id !== null && query.isError) {
    return (
      <>
        <PageHeader title={t('editor.editTitle')} back={back} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const item = id === null ? null : (query.data ?? null);
  return (
    <AnnouncementForm
      key={`${item?.id ?? 'new'}-${item?.version ?? 0}-${generation}`}
      brand={brand}
      item={item}
      initialType={initialType}
      back={back}
      onReload={async () => {
        await query.refetch();
        setGeneration((value) => value + 1);
      }}
    />
  );
}

function AnnouncementForm({
  brand,
  item,
  initialType,
  back,
  onReload,
}: {
  brand: string;
  item: BoAnnouncement | null;
  initialType: AnnouncementType;
  back: React.ReactNode;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const canWrite = useCan('content.write');
  const save = useSaveAnnouncement(brand, item?.id ?? null);
  const remove = useRemoveAnnouncement(brand);
  const [draft, setDraft] = useState<Draft>(() => draftOf(item, initialType));
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const isBanner = draft.type === 'B';
  const rule = (path: string, text: string) => (failed.has(path) ? text : undefined);

  const onError = (error: unknown) => {
    if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) setIsStale(true);
    const text = messageOf(error, t('editor.failed'));
    setFailure(text);
    toast.error(text);
  };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = {
      type: draft.type,
      language: draft.language,
      title: draft.title,
      content: draft.content,
      imageUrl: draft.imageUrl.trim() || null,
      linkUrl: draft.linkUrl.trim() || null,
      groupName: isBanner && draft.groupName ? draft.groupName : null,
      audience: draft.audience,
      sortOrder: Number(draft.sortOrder),
      startsAt: localInputToIso(draft.startsAt) ?? '',
      endsAt: localInputToIso(draft.endsAt) ?? null,
      ...(item ? { version: item.version } : {}),
    };
    const checked = checkWith(item ? UpdateAnnouncementRequestSchema : CreateAnnouncementRequestSchema, body);
    if (!checked.data) {
      setFailed(checked.failed);
      return;
    }
    setFailed(new Set());
    try {
      const saved = await save.mutateAsync({ ...checked.data, version: item?.version ?? 0 });
      toast.success(t('editor.saved'));
      if (!item) void navigate(`/brands/${encodeURIComponent(brand)}/content/${saved.id}`, { replace: true });
    } catch (error) {
      onError(error);
    }
  }

  return (
    <>
      <PageHeader
        title={item ? item.title : t('editor.newTitle')}
        subtitle={
          item ? (
            <span className={styles.headerFacts}>
              <StateBadge state={item.state} />
              {t('editor.updated', { time: formatTime(item.updatedAt) })}
            </span>
          ) : (
            t('editor.newText')
          )
        }
        back={back}
        actions={
          item &&
          canWrite && (
            <Button variant="danger" onClick={() => setIsRemoving(true)}>
              <Icon name="trash" size={16} />
              {t('editor.remove')}
            </Button>
          )
        }
      />
      {isStale && (
        <div className={styles.stale} role="alert">
          <Icon name="alert" size={18} />
          <p>{t('editor.stale')}</p>
          <Button size="small" onClick={() => void onReload()}>
            {t('editor.reload')}
          </Button>
        </div>
      )}
      <form className={styles.editor} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={styles.editorMain}>
          <TextField
            label={t('fields.title')}
            value={draft.title}
            isRequired
            readOnly={!canWrite}
            maxLength={200}
            onChange={(event) => set('title', event.target.value)}
            error={rule('title', t('rules.title'))}
          />
          <RichTextEditor
            label={t('fields.content')}
            value={draft.content}
            readOnly={!canWrite}
            hint={t('editor.sanitised')}
            onChange={(html) => set('content', html)}
            error={rule('content', t('rules.content'))}
          />
          {(isBanner || draft.type === 'PR' || draft.type === 'PU') && (
            <ImageField
              brand={brand}
              value={draft.imageUrl}
              readOnly={!canWrite}
              isRequired={isBanner}
              onChange={(url) => set('imageUrl', url)}
              error={rule('imageUrl', isBanner ? t('rules.bannerImage') : t('rules.url'))}
            />
          )}
        </div>
        <aside className={styles.editorSide} aria-label={t('editor.settings')}>
          <SelectField
            label={t('fields.type')}
            value={draft.type}
            disabled={!canWrite}
            onChange={(event) => set('type', event.target.value as AnnouncementType)}
          >
            {ANNOUNCEMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </SelectField>
          <p className={styles.typeHint}>{t(`typeHints.${draft.type}`)}</p>
          <SelectField
            label={t('fields.language')}
            value={draft.language}
            disabled={!canWrite}
            onChange={(event) => set('language', event.target.value as Draft['language'])}
          >
            {CONTENT_LANGUAGES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('fields.audience')}
            hint={t(`audienceHints.${draft.audience}`)}
            value={draft.audience}
            disabled={!canWrite}
            onChange={(event) => set('audience', event.target.value as AnnouncementAudience)}
          >
            {ANNOUNCEMENT_AUDIENCES.map((value) => (
              <option key={value} value={value}>
                {t(`audiences.${value}`)}
              </option>
            ))}
          </SelectField>
          {isBanner && (
            <SelectField
              label={t('fields.group')}
              value={draft.groupName}
              disabled={!canWrite}
              onChange={(event) => set('groupName', event.target.value)}
            >
              <option value="">{t('groups.carousel')}</option>
              {BANNER_GROUPS.map((value) => (
                <option key={value} value={value}>
                  {t(`groups.${value}`)}
                </option>
              ))}
            </SelectField>
          )}
          {(isBanner || draft.type === 'PR') && (
            <TextField
              label={t('fields.linkUrl')}
              value={draft.linkUrl}
              readOnly={!canWrite}
              spellCheck={false}
              autoCapitalize="none"
              placeholder="/promotions"
              onChange={(event) => set('linkUrl', event.target.value)}
              error={rule('linkUrl', t('rules.url'))}
            />
          )}
          <TextField
            type="datetime-local"
            label={t('fields.startsAt')}
            value={draft.startsAt}
            isRequired
            readOnly={!canWrite}
            onChange={(event) => set('startsAt', event.target.value)}
            error={rule('startsAt', t('rules.startsAt'))}
          />
          <TextField
            type="datetime-local"
            label={t('fields.endsAt')}
            hint={t('editor.endsAtHint')}
            value={draft.endsAt}
            readOnly={!canWrite}
            onChange={(event) => set('endsAt', event.target.value)}
            error={rule('endsAt', t('rules.endsAt'))}
          />
          <TextField
            type="number"
            label={t('fields.sortOrder')}
            hint={t('editor.sortOrderHint')}
            value={draft.sortOrder}
            readOnly={!canWrite}
            onChange={(event) => set('sortOrder', event.target.value)}
            error={rule('sortOrder', t('rules.sortOrder'))}
          />
          <FormError message={failure} />
          {canWrite && (
            <Button type="submit" disabled={save.isPending}>
              {item ? t('editor.save') : t('editor.create')}
            </Button>
          )}
        </aside>
      </form>
      {item && (
        <ConfirmDialog
          open={isRemoving}
          onOpenChange={setIsRemoving}
          title={t('editor.removeTitle')}
          description={t('editor.removeText', { title: item.title })}
          confirmLabel={t('editor.remove')}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: item.id, version: item.version });
              toast.success(t('editor.removed'));
              void navigate(`/brands/${encodeURIComponent(brand)}/content`);
            } catch (error) {
              onError(error);
              throw error;
            }
          }}
        />
      )}
    </>
  );
}
