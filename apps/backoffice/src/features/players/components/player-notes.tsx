import { AddPlayerNoteRequestSchema, PLAYER_NOTE_MAX_LENGTH, type PlayerNote } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, TextAreaField } from '../../../components/ui/field';
import { formatTime } from '../../../lib/format';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useAddPlayerNote } from '../api/add-player-note';
import { usePlayerNotes } from '../api/get-player-notes';
import type { TabProps } from './player-tabs';
import styles from './players.module.css';

const column = columnsOf<PlayerNote>();

/** What operators noted about the player, newest first; players.write adds one (a note is never changed). */
export function PlayerNotes({ playerRef, list }: TabProps) {
  const { t } = useTranslation('players');
  const canWrite = useCan('players.write');
  const query = usePlayerNotes(playerRef, list.cursor);
  const columns = [
    column.accessor('at', {
      header: t('notes.at'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('author', {
      header: t('notes.author'),
      cell: (info) => <span className={styles.nowrap}>{info.getValue()}</span>,
    }),
    column.accessor('body', {
      header: t('notes.body'),
      cell: (info) => <span className={styles.cellText}>{info.getValue()}</span>,
    }),
  ];
  return (
    <>
      {canWrite && <AddNoteForm playerRef={playerRef} onAdded={() => list.cursor && list.setFilters({})} />}
      <DataTable
        caption={t('tabs.notes')}
        columns={columns}
        getRowId={(note) => note.id}
        query={query}
        paging={list}
        empty={
          <EmptyState icon="record" title={t('notes.emptyTitle')} text={canWrite ? t('notes.emptyText') : undefined} />
        }
      />
    </>
  );
}

function AddNoteForm({ playerRef, onAdded }: Pick<TabProps, 'playerRef'> & { onAdded: () => void }) {
  const { t } = useTranslation('players');
  const add = useAddPlayerNote(playerRef);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(AddPlayerNoteRequestSchema, { body: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await add.mutateAsync(values);
      form.reset();
      toast.success(t('notes.added'));
      onAdded();
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  });
  return (
    <form className={styles.noteForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label={t('notes.new')}
        maxLength={PLAYER_NOTE_MAX_LENGTH}
        hint={t('notes.hint')}
        error={ruleOf(form.formState.errors.body, t('rules.note', { max: PLAYER_NOTE_MAX_LENGTH }))}
        {...form.register('body')}
      />
      <FormError message={failure} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('notes.add')}
        </Button>
      </div>
    </form>
  );
}
