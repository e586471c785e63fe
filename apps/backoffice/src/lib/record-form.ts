import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { messageOf } from './form';
import { toast } from './toast-store';

/** The title and the summary in Korean and English every record's form has (components/ui/record-dialog.tsx). */
export interface RecordTexts {
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
}

/** How a form checks the texts: a title is needed, a summary may be empty. */
export const TEXTS_SCHEMA = {
  titleKo: z.string().trim().min(1).max(120),
  titleEn: z.string().trim().min(1).max(120),
  summaryKo: z.string().trim().max(1000),
  summaryEn: z.string().trim().max(1000),
};

/** The texts of a record, or empty ones for a new record: the form's defaults, or what a save sends. */
export function textsOf(record: RecordTexts | null): RecordTexts {
  return {
    titleKo: record?.titleKo ?? '',
    titleEn: record?.titleEn ?? '',
    summaryKo: record?.summaryKo ?? '',
    summaryEn: record?.summaryEn ?? '',
  };
}

/**
 * Sends what a record's add/edit dialog (components/ui/record-dialog.tsx) holds: a new record with what is chosen
 * once (its code, and a mission's goal, a board's measure, a promotion's kind), or an edit with the version it was
 * opened at (a stale one is refused: BO_CHANGED_SINCE_OPENED). The call's own schema has the last word: what it
 * refuses is not sent. The texts are the feature's namespace's: rules.invalid, errors.failed and `savedKey`.
 */
export function useRecordSave<C extends z.ZodType, U extends z.ZodType, Saved extends { code: string }>({
  ns,
  savedKey = 'page.saved',
  record,
  createSchema,
  updateSchema,
  save,
  onClose,
}: {
  ns: string;
  /** The toast's text once saved, given the record's code. */
  savedKey?: string;
  /** The record edited, or null when one is added. */
  record: { id: number; version: number } | null;
  createSchema: C;
  updateSchema: U;
  save: (input: { id?: undefined; body: z.output<C> } | { id: number; body: z.output<U> }) => Promise<Saved>;
  onClose: () => void;
}) {
  const { t } = useTranslation(ns);
  const [failure, setFailure] = useState<string | null>(null);

  /** `fields` go with both calls; `chosenOnce` with an add only. */
  async function submit(fields: object, chosenOnce: object): Promise<void> {
    setFailure(null);
    const checked = record
      ? updateSchema.safeParse({ ...fields, version: record.version })
      : createSchema.safeParse({ ...fields, ...chosenOnce });
    if (!checked.success) {
      setFailure(t('rules.invalid'));
      return;
    }
    try {
      const saved = await save(
        record ? { id: record.id, body: checked.data as z.output<U> } : { body: checked.data as z.output<C> },
      );
      toast.success(t(savedKey, { code: saved.code }));
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  }

  return { failure, submit };
}
