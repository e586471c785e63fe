import {
  CONTENT_LANGUAGES,
  CreateHelpItemRequestSchema,
  HELP_CATEGORIES,
  UpdateHelpItemRequestSchema,
  type BoHelpItem,
  type HelpCategory,
} from '@parlay/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
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
import { formatTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useHelpItem, useRemoveHelpItem, useSaveHelpItem } from '../api/help-items';
import styles from './content.module.css';
import { RichTextEditor } from './rich-text-editor';

type Language = (typeof CONTENT_LANGUAGES)[number];

/** One help-centre item, new (`id` null) or as stored. */
export function HelpEditor({ brand, id }: { brand: string; id: number | null }) {
  const { t } = useTranslation('content');
  const query = useHelpItem(brand, id);
  const [generation, setGeneration] = useState(0);
  const back = (
    <Link to={`/brands/${encodeURIComponent(brand)}/content/help`} className={styles.back}>
      <Icon name="chevronLeft" size={16} />
      {t('help.back')}
    </Link>
  );
  if (id !== null && query.isPending) return <PageLoader />;
  if (id !== null && query.isError) {
    return (
      <>
        <PageHeader title={t('help.editTitle')} back={back} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const item = id === null ? null : (query.data ?? null);
  return (
    <HelpForm
      key={`${item?.id ?? 'new'}-${item?.version ?? 0}-${generation}`}
      brand={brand}
      item={item}
      back={back}
      onReload={async () => {
        await query.refetch();
        setGeneration((value) => value + 1);
      }}
    />
  );
}

function HelpForm({
  brand,
  item,
  back,
  onReload,
}: {
  brand: string;
  item: BoHelpItem | null;
  back: ReactNode;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const canWrite = useCan('content.write');
  const save = useSaveHelpItem(brand, item?.id ?? null);
  const remove = useRemoveHelpItem(brand);
  const [language, setLanguage] = useState<Language>((item?.language as Language | undefined) ?? 'KO');
  const [category, setCategory] = useState<HelpCategory>(item?.category ?? 'faq');
  const [title, setTitle] = useState(item?.title ?? '');
  const [content, setContent] = useState(item?.content ?? '');
  const [sortOrder, setSortOrder] = useState(String(item?.sortOrder ?? 0));
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);

  const onError = (error: unknown) => {
    if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) setIsStale(true);
    const text = messageOf(error, t('editor.failed'));
    setFailure(text);
    toast.error(text);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = {
      language,
      category,
      title,
      content,
      sortOrder: Number(sortOrder),
      ...(item ? { version: item.version } : {}),
    };
    const checked = checkWith(item ? UpdateHelpItemRequestSchema : CreateHelpItemRequestSchema, body);
    if (!checked.data) {
      setFailed(checked.failed);
      return;
    }
    setFailed(new Set());
    try {
      const saved = await save.mutateAsync({ ...checked.data, version: item?.version ?? 0 });
      toast.success(t('editor.saved'));
      if (!item) void navigate(`/brands/${encodeURIComponent(brand)}/content/help/${saved.id}`, { replace: true });
    } catch (error) {
      onError(error);
    }
  }

  return (
    <>
      <PageHeader
        title={item ? item.title : t('help.newTitle')}
        subtitle={item ? t('editor.updated', { time: formatTime(item.updatedAt) }) : undefined}
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
            value={title}
            isRequired
            readOnly={!canWrite}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
            error={failed.has('title') ? t('rules.title') : undefined}
          />
          <RichTextEditor
            label={t('fields.content')}
            value={content}
            readOnly={!canWrite}
            hint={t('editor.sanitised')}
            onChange={setContent}
            error={failed.has('content') ? t('rules.helpContent') : undefined}
          />
        </div>
        <aside className={styles.editorSide} aria-label={t('editor.settings')}>
          <SelectField
            label={t('fields.category')}
            value={category}
            disabled={!canWrite}
            onChange={(event) => setCategory(event.target.value as HelpCategory)}
          >
            {HELP_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`categories.${value}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('fields.language')}
            value={language}
            disabled={!canWrite}
            onChange={(event) => setLanguage(event.target.value as Language)}
          >
            {CONTENT_LANGUAGES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
          <TextField
            type="number"
            label={t('fields.sortOrder')}
            hint={t('editor.sortOrderHint')}
            value={sortOrder}
            readOnly={!canWrite}
            onChange={(event) => setSortOrder(event.target.value)}
            error={failed.has('sortOrder') ? t('rules.sortOrder') : undefined}
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
          title={t('help.removeTitle')}
          description={t('editor.removeText', { title: item.title })}
          confirmLabel={t('editor.remove')}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: item.id, version: item.version });
              toast.success(t('editor.removed'));
              void navigate(`/brands/${encodeURIComponent(brand)}/content/help`);
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
