import {
  RecoverySignInRequestSchema,
  SignInRequestSchema,
  TotpSignInRequestSchema,
  type EnrolmentResult,
  type TotpEnrolment,
} from '@parlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { QrCode } from '../../../components/ui/qr-code';
import { isApiError } from '../../../lib/api-client';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { startSessionOnPage } from '../../../lib/session';
import { useEnrolTotp, useSecondStep, useSignIn } from '../api/sign-in';
import { RecoveryCodes } from './recovery-codes';
import styles from './sign-in.module.css';

type Step =
  | { step: 'password'; notice?: string }
  | { step: 'code'; challenge: string }
  | { step: 'recovery'; challenge: string }
  | { step: 'enrol'; challenge: string; enrolment: TotpEnrolment }
  | { step: 'codes'; result: EnrolmentResult };

const CodeSchema = TotpSignInRequestSchema.pick({ code: true });
const RecoverySchema = RecoverySignInRequestSchema.pick({ recoveryCode: true });

/** A challenge that ran out (5 minutes) or does not fit the step: the operator starts again with the password. */
function isRestart(error: unknown): boolean {
  return isApiError(error, 'BO_SIGN_IN_EXPIRED') || isApiError(error, 'BO_SIGN_IN_STEP_INVALID');
}

/**
 * Signing in (docs/decisions/0032-back-office-operators-and-audit.md): the password, then a code of the
 * authenticator or a recovery code. The first sign-in enrols the authenticator instead: its QR code and secret,
 * its first code, then the recovery codes, shown this once.
 */
export function SignInFlow({ initialLogin, onSignedIn }: { initialLogin: string; onSignedIn: () => void }) {
  const [state, setState] = useState<Step>({ step: 'password' });
  const restart = (error: unknown) => setState({ step: 'password', notice: messageOf(error, '') });
  switch (state.step) {
    case 'password':
      return (
        <PasswordStep
          initialLogin={initialLogin}
          notice={state.notice}
          onNext={(next) =>
            setState(
              next.next === 'enrol'
                ? { step: 'enrol', challenge: next.challenge, enrolment: next.enrolment }
                : { step: 'code', challenge: next.challenge },
            )
          }
        />
      );
    case 'code':
      return (
        <CodeStep
          challenge={state.challenge}
          onRestart={restart}
          onDone={onSignedIn}
          onUseRecovery={() => setState({ step: 'recovery', challenge: state.challenge })}
        />
      );
    case 'recovery':
      return (
        <RecoveryStep
          challenge={state.challenge}
          onRestart={restart}
          onDone={onSignedIn}
          onUseCode={() => setState({ step: 'code', challenge: state.challenge })}
        />
      );
    case 'enrol':
      return (
        <EnrolStep
          challenge={state.challenge}
          enrolment={state.enrolment}
          onRestart={restart}
          onEnrolled={(result) => setState({ step: 'codes', result })}
        />
      );
    case 'codes':
      return <KeepRecoveryCodes result={state.result} onDone={onSignedIn} />;
  }
}

function PasswordStep({
  initialLogin,
  notice,
  onNext,
}: {
  initialLogin: string;
  notice: string | undefined;
  onNext: (step: Awaited<ReturnType<ReturnType<typeof useSignIn>['mutateAsync']>>) => void;
}) {
  const { t } = useTranslation('session');
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(notice || null);
  const form = useSchemaForm(SignInRequestSchema, { login: initialLogin, password: '' });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onNext(await signIn.mutateAsync(values));
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
      form.setValue('password', '');
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1 className={styles.title}>{t('signIn.title')}</h1>
      <p className={styles.lead}>{t('signIn.lead')}</p>
      <TextField
        label={t('fields.login')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        isRequired
        error={ruleOf(errors.login, t('rules.login'))}
        {...form.register('login')}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        isRequired
        error={ruleOf(errors.password, t('rules.passwordRequired'))}
        {...form.register('password')}
      />
      <FormError message={failure} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('signIn.next')}
      </Button>
    </form>
  );
}

function CodeStep({
  challenge,
  onRestart,
  onDone,
  onUseRecovery,
}: {
  challenge: string;
  onRestart: (error: unknown) => void;
  onDone: () => void;
  onUseRecovery: () => void;
}) {
  const { t } = useTranslation('session');
  const step = useSecondStep();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(CodeSchema, { code: '' });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await step.mutateAsync({ challenge, code });
      onDone();
    } catch (error) {
      if (isRestart(error)) return onRestart(error);
      setFailure(messageOf(error, t('errors.failed')));
      form.setValue('code', '');
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1 className={styles.title}>{t('code.title')}</h1>
      <p className={styles.lead}>{t('code.lead')}</p>
      <TextField
        label={t('fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        isRequired
        className={styles.code}
        error={ruleOf(form.formState.errors.code, t('rules.code'))}
        {...form.register('code')}
      />
      <FormError message={failure} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('code.submit')}
      </Button>
      <Button variant="ghost" onClick={onUseRecovery}>
        {t('code.useRecovery')}
      </Button>
    </form>
  );
}

function RecoveryStep({
  challenge,
  onRestart,
  onDone,
  onUseCode,
}: {
  challenge: string;
  onRestart: (error: unknown) => void;
  onDone: () => void;
  onUseCode: () => void;
}) {
  const { t } = useTranslation('session');
  const step = useSecondStep();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(RecoverySchema, { recoveryCode: '' });
  const onSubmit = form.handleSubmit(async ({ recoveryCode }) => {
    setFailure(null);
    try {
      await step.mutateAsync({ challenge, recoveryCode });
      onDone();
    } catch (error) {
      if (isRestart(error)) return onRestart(error);
      setFailure(messageOf(error, t('errors.failed')));
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1 className={styles.title}>{t('recovery.title')}</h1>
      <p className={styles.lead}>{t('recovery.lead')}</p>
      <TextField
        label={t('fields.recoveryCode')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        isRequired
        className={styles.code}
        error={ruleOf(form.formState.errors.recoveryCode, t('rules.recoveryCode'))}
        {...form.register('recoveryCode')}
      />
      <FormError message={failure} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('recovery.submit')}
      </Button>
      <Button variant="ghost" onClick={onUseCode}>
        {t('recovery.useCode')}
      </Button>
    </form>
  );
}

/** The secret in groups of four, as authenticator apps show it and as it is easiest to type. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function EnrolStep({
  challenge,
  enrolment,
  onRestart,
  onEnrolled,
}: {
  challenge: string;
  enrolment: TotpEnrolment;
  onRestart: (error: unknown) => void;
  onEnrolled: (result: EnrolmentResult) => void;
}) {
  const { t } = useTranslation('session');
  const enrol = useEnrolTotp();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(CodeSchema, { code: '' });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      onEnrolled(await enrol.mutateAsync({ challenge, code }));
    } catch (error) {
      if (isRestart(error)) return onRestart(error);
      setFailure(messageOf(error, t('errors.failed')));
      form.setValue('code', '');
    }
  });
  return (
    <form className={`${styles.form} ${styles.wide}`} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1 className={styles.title}>{t('enrol.title')}</h1>
      <p className={styles.lead}>{t('enrol.lead')}</p>
      <div className={styles.enrol}>
        <QrCode text={enrolment.otpauthUri} label={t('enrol.qrLabel')} />
        <div className={styles.secret}>
          <p className={styles.secretLabel}>{t('enrol.secretLabel')}</p>
          <code className={styles.secretText} data-secret={enrolment.secret}>
            {groupSecret(enrolment.secret)}
          </code>
          <p className={styles.hint}>{t('enrol.secretHint')}</p>
        </div>
      </div>
      <TextField
        label={t('enrol.firstCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        isRequired
        className={styles.code}
        error={ruleOf(form.formState.errors.code, t('rules.code'))}
        {...form.register('code')}
      />
      <FormError message={failure} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('enrol.submit')}
      </Button>
    </form>
  );
}

function KeepRecoveryCodes({ result, onDone }: { result: EnrolmentResult; onDone: () => void }) {
  const { t } = useTranslation('session');
  const client = useQueryClient();
  const [isKept, setIsKept] = useState(false);
  return (
    <div className={`${styles.form} ${styles.wide}`}>
      <h1 className={styles.title}>{t('codes.title')}</h1>
      <p className={styles.lead}>{t('codes.lead', { count: result.recoveryCodes.length })}</p>
      <RecoveryCodes codes={result.recoveryCodes} login={result.operator.login} />
      <label className={styles.confirm}>
        <input type="checkbox" checked={isKept} onChange={(event) => setIsKept(event.target.checked)} />
        <span>{t('codes.kept')}</span>
      </label>
      <Button
        disabled={!isKept}
        onClick={() => {
          const { recoveryCodes: _shownOnce, ...session } = result;
          startSessionOnPage(client, session);
          onDone();
        }}
      >
        {t('codes.continue')}
      </Button>
    </div>
  );
}
