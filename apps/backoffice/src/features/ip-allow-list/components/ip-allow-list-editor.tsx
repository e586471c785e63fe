import { SetIpAllowListRequestSchema, type IpAllowList } from '@parlay/contract';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { FormError, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useIpAllowList, useSetIpAllowList } from '../api/ip-allow-list';
import styles from './ip-allow-list.module.css';

/**
 * A brand's IP allow-list for the back office: empty, calls for the brand come from anywhere; with entries, only
 * from them. The server refuses a list that would leave out the caller's own address (BO_IP_LIST_EXCLUDES_YOU).
 */
export function IpAllowListEditor({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('access');
  const query = useIpAllowList(brand);
  const header = <PageHeader title={t('title')} subtitle={t('subtitle', { brand: brandName })} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return (
    <>
      {header}
      {/* A new version (this save, or another operator's) opens the form again on the list as it now is. */}
      <ListForm key={`${brand}-${query.data.version}`} brand={brand} list={query.data} />
    </>
  );
}

function ListForm({ brand, list }: { brand: string; list: IpAllowList }) {
  const { t } = useTranslation('access');
  const canWrite = useCan('operators.write');
  const save = useSetIpAllowList(brand);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(SetIpAllowListRequestSchema, { entries: list.entries, version: list.version });
  const entries = useFieldArray({ control: form.control, name: 'entries' });
  const errors = form.formState.errors.entries;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      toast.success(t('saved'));
    } catch (error) {
      const text = messageOf(error, t('failed'));
      setFailure(text);
      toast.error(text);
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className={styles.yourIp}>
        <Icon name="globe" size={16} />
        <span>
          {t('yourIp')} <code>{list.yourIp}</code>
        </span>
      </p>
      <p className={styles.state} data-open={entries.fields.length === 0}>
        {entries.fields.length === 0 ? t('open') : t('closed', { count: entries.fields.length })}
      </p>
      {entries.fields.length > 0 && (
        <ul className={styles.entries} aria-label={t('entries')}>
          {entries.fields.map((entry, index) => (
            <li key={entry.id} className={styles.entry}>
              <TextField
                label={t('cidr')}
                autoCapitalize="none"
                spellCheck={false}
                readOnly={!canWrite}
                isRequired
                error={ruleOf(errors?.[index]?.cidr, t('cidrRule'))}
                {...form.register(`entries.${index}.cidr`)}
              />
              <TextField
                label={t('note')}
                readOnly={!canWrite}
                error={ruleOf(errors?.[index]?.note, t('noteRule'))}
                {...form.register(`entries.${index}.note`)}
              />
              {canWrite && (
                <Button
                  variant="ghost"
                  className={styles.remove}
                  aria-label={t('remove', { entry: form.getValues(`entries.${index}.cidr`) || index + 1 })}
                  onClick={() => entries.remove(index)}
                >
                  <Icon name="trash" size={16} />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormError message={failure} />
      {canWrite ? (
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => entries.append({ cidr: '', note: '' })}>
            <Icon name="plus" size={16} />
            {t('add')}
          </Button>
          {entries.fields.length === 0 && (
            <Button variant="secondary" onClick={() => entries.append({ cidr: list.yourIp, note: t('yourIpNote') })}>
              <Icon name="plus" size={16} />
              {t('addYourIp')}
            </Button>
          )}
          <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
            {t('save')}
          </Button>
        </div>
      ) : (
        <p className={styles.readOnly}>{t('readOnly')}</p>
      )}
    </form>
  );
}
