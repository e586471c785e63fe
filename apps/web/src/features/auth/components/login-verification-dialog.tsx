import type { SecondCheckMethod } from '@parlay/contract';
import * as Tabs from '@radix-ui/react-tabs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/dialog';
import { useAnswerChallenge } from '../api/answer-challenge';
import { sendChallengeCode } from '../api/send-challenge-code';
import { useAuthFlowStore } from '../lib/auth-flow-store';
import { rememberLogin } from '../lib/remember-me';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import styles from './auth-form.module.css';
import { FormSubmit } from './field-groups';
import { FormField } from './form-field';
import { LiveNotice } from './live-notice';
import { SmsSendButton } from './sms-send-button';

/** The second check of a sign-in from a new IP: whichever of SMS, e-mail, bank name or authenticator the member has. */
export function LoginVerificationDialog() {
  const { t } = useTranslation('auth');
  const challenge = useAuthFlowStore((state) => state.challenge);
  const rememberAs = useAuthFlowStore((state) => state.rememberAs);
  const closeChallenge = useAuthFlowStore((state) => state.closeChallenge);
  const answer = useAnswerChallenge();
  const completeSignIn = useCompleteSignIn();
  const [method, setMethod] = useState<SecondCheckMethod>(challenge?.methods[0] ?? 'sms');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (!challenge) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!challenge) return;
    if (value.trim() === '') {
      setError(method === 'bankAccountName' ? t('errors.bankNameRequired') : t('errors.codeRequired'));
      return;
    }
    setError(null);
    try {
      const result = await answer.mutateAsync({ challengeId: challenge.challengeId, method, answer: value.trim() });
      if (rememberAs) rememberLogin(rememberAs.remember, { username: rememberAs.username });
      const typed = rememberAs?.password;
      closeChallenge();
      completeSignIn(result, 'username', typed);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const target = method === 'sms' ? challenge.maskedMobile : method === 'email' ? challenge.maskedEmail : null;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && closeChallenge()}
      title={t('verify.title')}
      // What to do here is read with the title as the dialog opens.
      description={t('verify.intro')}
      descriptionTone="notice"
      name="loginVerificationModal"
      width={440}
      height={0}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {challenge.methods.length > 1 && (
          <Tabs.Root
            value={method}
            onValueChange={(next) => {
              setMethod(next as SecondCheckMethod);
              setValue('');
              setError(null);
              setMessage(null);
            }}
          >
            <Tabs.List className={styles.tabs} aria-label={t('verify.method')}>
              {challenge.methods.map((item) => (
                <Tabs.Trigger key={item} value={item} className={styles.tab}>
                  {t(`verify.methods.${item}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Tabs.Root>
        )}
        {target && <p className={styles.status}>{t('verify.sentTo', { target })}</p>}
        <FormField
          key={method}
          label={
            method === 'bankAccountName'
              ? t('fields.bankAccountName')
              : method === 'authenticator'
                ? t('fields.authenticatorCode')
                : t('fields.smsCode')
          }
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputMode={method === 'bankAccountName' ? 'text' : 'numeric'}
          autoComplete={method === 'bankAccountName' ? 'off' : 'one-time-code'}
          maxLength={255}
          isRequired
          error={error ?? undefined}
          side={
            method === 'sms' || method === 'email' ? (
              <SmsSendButton
                canSend={() => true}
                onSend={() => sendChallengeCode({ challengeId: challenge.challengeId, method: method })}
                onSent={() => setMessage(t('sms.sent'))}
                onError={setMessage}
              />
            ) : undefined
          }
        />
        <LiveNotice message={message} />
        <FormSubmit isSubmitting={answer.isPending}>{t('verify.submit')}</FormSubmit>
      </form>
    </Modal>
  );
}
