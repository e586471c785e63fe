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

/** What the member types: a method's answer, or (under the authenticator) one of its recovery codes. */
type Entry = SecondCheckMethod | 'recoveryCode';

/**
 * The keyboard and autofill of each entry: codes of digits get the number pad and the one-time-code autofill; a
 * recovery code (xxxxx-xxxxx, letters and digits) and a bank name are text, never autofilled.
 */
const ENTRY_INPUTS: Record<
  Entry,
  { label: string; inputMode: 'numeric' | 'text'; autoComplete: string; maxLength: number }
> = {
  sms: { label: 'fields.smsCode', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 255 },
  email: { label: 'fields.smsCode', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 255 },
  authenticator: {
    label: 'fields.authenticatorCode',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 6,
  },
  recoveryCode: { label: 'fields.recoveryCode', inputMode: 'text', autoComplete: 'off', maxLength: 32 },
  bankAccountName: { label: 'fields.bankAccountName', inputMode: 'text', autoComplete: 'off', maxLength: 255 },
};

/** The second check of a sign-in from a new IP: whichever of SMS, e-mail, bank name or authenticator the member has. */
export function LoginVerificationDialog() {
  const { t } = useTranslation('auth');
  const challenge = useAuthFlowStore((state) => state.challenge);
  const rememberAs = useAuthFlowStore((state) => state.rememberAs);
  const closeChallenge = useAuthFlowStore((state) => state.closeChallenge);
  const answer = useAnswerChallenge();
  const completeSignIn = useCompleteSignIn();
  const [method, setMethod] = useState<SecondCheckMethod>(challenge?.methods[0] ?? 'sms');
  const [isRecoveryCode, setRecoveryCode] = useState(false);
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
  const entry: Entry = method === 'authenticator' && isRecoveryCode ? 'recoveryCode' : method;
  const input = ENTRY_INPUTS[entry];
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
              setRecoveryCode(false);
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
          key={entry}
          label={t(input.label)}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          autoCapitalize={input.inputMode === 'text' ? 'off' : undefined}
          spellCheck={input.inputMode === 'text' ? false : undefined}
          maxLength={input.maxLength}
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
        {method === 'authenticator' && (
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              setRecoveryCode(!isRecoveryCode);
              setValue('');
              setError(null);
            }}
          >
            {isRecoveryCode ? t('verify.useAuthenticatorCode') : t('verify.useRecoveryCode')}
          </button>
        )}
        <LiveNotice message={message} />
        <FormSubmit isSubmitting={answer.isPending}>{t('verify.submit')}</FormSubmit>
      </form>
    </Modal>
  );
}
