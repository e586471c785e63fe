import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ruleOf } from '../../lib/form';
import { Button } from './button';
import { Dialog } from './dialog';
import { FormError, TextAreaField, TextField } from './field';
import styles from './record-dialog.module.css';

/*
 * The add/edit dialog of a brand's record saved with the version it was opened at (a promotion, a mission, a
 * leaderboard, a raffle; lib/record-form.ts sends it), and the fields every such record has. The fields' texts are
 * the feature's namespace's (`ns`): fields.code, .titleKo, .titleEn, .summaryKo, .summaryEn, .startsAt, .endsAt;
 * rules.code, .title, .summary, .startsAt, .endsAt; hints.dates; actions.save.
 */

/** A field's registration by name (react-hook-form's `form.register`) and the form's errors, for the fields below. */
interface FieldsOf<Name extends string> {
  ns: string;
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, object>>;
}

/** The dialog: the fields in a grid, the refusal's text under them, Cancel and Save below. */
export function RecordDialog({
  ns,
  formId,
  title,
  description,
  isSubmitting,
  failure,
  onSubmit,
  onClose,
  children,
}: {
  ns: string;
  /** The form's id: Save, in the dialog's footer, submits it. */
  formId: string;
  title: ReactNode;
  description: ReactNode;
  isSubmitting: boolean;
  /** Why the last save was refused, or null. */
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      width={760}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {children}
        <Wide>
          <FormError message={failure} />
        </Wide>
      </form>
    </Dialog>
  );
}

/** A row of the dialog's grid that takes its whole width. */
export function Wide({ children }: { children: ReactNode }) {
  return <div className={styles.wide}>{children}</div>;
}

/** The record's code: typed when it is added, shown read-only once it is (it is chosen once). */
export function CodeField({
  ns,
  register,
  errors,
  fixed,
  fixedHint,
}: FieldsOf<'code'> & {
  /** The code of the record edited, or null when one is added. */
  fixed: string | null;
  /** Why it cannot change. */
  fixedHint: string;
}) {
  const { t } = useTranslation(ns);
  if (fixed !== null) return <TextField label={t('fields.code')} value={fixed} readOnly hint={fixedHint} />;
  return (
    <TextField
      label={t('fields.code')}
      autoCapitalize="characters"
      spellCheck={false}
      isRequired
      hint={t('rules.code')}
      error={ruleOf(errors.code, t('rules.code'))}
      {...register('code')}
    />
  );
}

/** The title and the summary, in Korean and in English. */
export function TextsFields({ ns, register, errors }: FieldsOf<'titleKo' | 'titleEn' | 'summaryKo' | 'summaryEn'>) {
  const { t } = useTranslation(ns);
  return (
    <>
      <TextField
        label={t('fields.titleKo')}
        isRequired
        error={ruleOf(errors.titleKo, t('rules.title'))}
        {...register('titleKo')}
      />
      <TextField
        label={t('fields.titleEn')}
        isRequired
        error={ruleOf(errors.titleEn, t('rules.title'))}
        {...register('titleEn')}
      />
      <TextAreaField
        label={t('fields.summaryKo')}
        error={ruleOf(errors.summaryKo, t('rules.summary'))}
        {...register('summaryKo')}
      />
      <TextAreaField
        label={t('fields.summaryEn')}
        error={ruleOf(errors.summaryEn, t('rules.summary'))}
        {...register('summaryEn')}
      />
    </>
  );
}

/** When the record runs, in the operator's local time: from (or now) until (or for good). */
export function DatesFields({ ns, register, errors }: FieldsOf<'startsAt' | 'endsAt'>) {
  const { t } = useTranslation(ns);
  return (
    <>
      <TextField
        label={t('fields.startsAt')}
        type="datetime-local"
        hint={t('hints.dates')}
        error={errors.startsAt && t('rules.startsAt')}
        {...register('startsAt')}
      />
      <TextField
        label={t('fields.endsAt')}
        type="datetime-local"
        error={ruleOf(errors.endsAt, t('rules.endsAt'))}
        {...register('endsAt')}
      />
    </>
  );
}
