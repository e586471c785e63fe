import { DefaultPasswordRequestSchema } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import type { PlayerRef } from '../api/query-keys';
import { useSetPlayerDefaultPassword } from '../api/set-player-default-password';
import styles from './players.module.css';

/**
 * A temporary password for a player who lost theirs (`member default-password`): typed by the operator or made by
 * the server, shown once to hand over; the player changes it at the next sign-in and every session ends now.
 */
export function DefaultPasswordDialog({
  playerRef,
  account,
  open,
  onOpenChange,
}: {
  playerRef: PlayerRef;
  account: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('players');
  const give = useSetPlayerDefaultPassword(playerRef);
  const [failure, setFailure] = useState<string | null>(null);
  const [given, setGiven] = useState<{ password: string; endedSessions: number } | null>(null);
  const form = useSchemaForm(DefaultPasswordRequestSchema, { password: undefined });

  function change(next: boolean) {
    if (!next) {
      form.reset();
      setFailure(null);
      setGiven(null);
    }
    onOpenChange(next);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await give.mutateAsync({ password: values.password || undefined });
      setGiven(result);
      toast.success(t('password.done', { account }));
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t('password.title', { account })}
      description={given ? t('password.givenLead', { count: given.endedSessions }) : t('password.lead')}
      footer={
        given ? (
          <Button onClick={() => change(false)}>{t('password.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => change(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" form="default-password" variant="danger" disabled={form.formState.isSubmitting}>
              {t('password.submit')}
            </Button>
          </>
        )
      }
    >
      {given ? (
        <div className={styles.given}>
          <TextField label={t('password.given')} value={given.password} readOnly className="mono" />
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(given.password)
                .then(() => toast.success(t('password.copied')))
                .catch(() => undefined)
            }
          >
            <Icon name="copy" size={16} />
            {t('password.copy')}
          </Button>
        </div>
      ) : (
        <form id="default-password" className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            label={t('password.password')}
            autoComplete="off"
            spellCheck={false}
            hint={t('password.hint')}
            error={ruleOf(form.formState.errors.password, t('rules.password'))}
            {...form.register('password', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
          />
          <FormError message={failure} />
        </form>
      )}
    </Dialog>
  );
}
