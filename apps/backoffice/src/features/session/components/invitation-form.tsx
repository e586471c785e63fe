import { AcceptInvitationRequestSchema, OPERATOR_PASSWORD_MIN_LENGTH } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { buttonClassName, Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { FormError, TextField } from '../../../components/ui/field';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatTime } from '../../../lib/format';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import styles from './sign-in.module.css';

const PasswordSchema = AcceptInvitationRequestSchema.pick({ password: true })
  .extend({ confirmation: z.string() })
  .refine((values) => values.confirmation === values.password, { path: ['confirmation'] });

/** The invitation link's page: who it is for, then the password the operator chooses; then sign in. */
export function InvitationForm({ token }: { token: string }) {
  const { t } = useTranslation('session');
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const [acceptedLogin, setAcceptedLogin] = useState<string | null>(null);
  const form = useSchemaForm(PasswordSchema, { password: '', confirmation: '' });
  const errors = form.formState.errors;

  if (!token) return <ErrorState error={new Error(t('invitation.noToken'))} />;
  if (invitation.isPending) return <PageLoader />;
  if (invitation.isError) return <ErrorState error={invitation.error} />;

  if (acceptedLogin) {
    return (
      <div className={styles.form}>
        <h1 className={styles.title}>{t('invitation.doneTitle')}</h1>
        <p className={styles.lead}>{t('invitation.doneLead', { login: acceptedLogin })}</p>
        <Link className={buttonClassName()} to={`/sign-in?login=${encodeURIComponent(acceptedLogin)}`}>
          {t('invitation.signIn')}
        </Link>
      </div>
    );
  }

  const { login, name, email, expiresAt } = invitation.data;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      setAcceptedLogin((await accept.mutateAsync({ token, password })).login);
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1 className={styles.title}>{t('invitation.title')}</h1>
      <p className={styles.lead}>{t('invitation.lead', { name })}</p>
      <dl className={styles.invitation}>
        <dt>{t('fields.login')}</dt>
        <dd>
          <code>{login}</code>
        </dd>
        <dt>{t('fields.email')}</dt>
        <dd>{email}</dd>
        <dt>{t('invitation.expires')}</dt>
        <dd>{formatTime(expiresAt)}</dd>
      </dl>
      {/* The login, for the browser's password manager to store with the new password. */}
      <input type="hidden" autoComplete="username" value={login} readOnly />
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        isRequired
        hint={t('rules.newPassword', { min: OPERATOR_PASSWORD_MIN_LENGTH })}
        error={ruleOf(errors.password, t('rules.newPassword', { min: OPERATOR_PASSWORD_MIN_LENGTH }))}
        {...form.register('password')}
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        isRequired
        error={ruleOf(errors.confirmation, t('rules.passwordMismatch'))}
        {...form.register('confirmation')}
      />
      <FormError message={failure} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('invitation.submit')}
      </Button>
    </form>
  );
}
