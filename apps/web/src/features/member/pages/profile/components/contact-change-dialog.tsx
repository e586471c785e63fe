import type { ContactChange, ContactKind } from '@parlay/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { CountryCodePicker } from '../../../../../components/ui/country-code-picker';
import { Modal } from '../../../../../components/ui/dialog';
import { ApiError } from '../../../../../lib/api-client';
import type { Country } from '../../../../../lib/countries';
import { useConfirmContactChange } from '../api/confirm-contact-change';
import { useSendNewContactCode } from '../api/send-new-contact-code';
import { useStartContactChange } from '../api/start-contact-change';
import { useVerifyCurrentContact } from '../api/verify-current-contact';
import styles from '../contact.module.css';
import { CodeSendButton } from './code-send-button';

type Step = 'current' | 'new' | 'done';
const STEP_NUMBER: Record<Step, number> = { current: 1, new: 2, done: 3 };

export interface ContactChangeDialogProps {
  kind: ContactKind;
  /** The bound one, masked; null to bind a first one (the login password stands for the first code). */
  maskedCurrent: string | null;
  onClose: () => void;
}

/**
 * A change of the mobile number or e-mail, step by step: a code to the bound one (or the login password) and its
 * entry; the new one and its code; done. The server holds the order and the expiry; an expired change starts again.
 */
export function ContactChangeDialog({ kind, maskedCurrent, onClose }: ContactChangeDialogProps) {
  const { t } = useTranslation('member-profile');
  const id = useId();
  const [step, setStep] = useState<Step>('current');
  const [change, setChange] = useState<ContactChange | null>(null);
  const [sentTo, setSentTo] = useState<{ target: string; minutes: number } | null>(null);
  const [password, setPassword] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const [country, setCountry] = useState<Country | null>(null);
  const [newValue, setNewValue] = useState('');
  const [newCode, setNewCode] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartContactChange();
  const verifyCurrent = useVerifyCurrentContact();
  const sendNew = useSendNewContactCode();
  const confirm = useConfirmContactChange();
  const isBinding = maskedCurrent === null;
  const isBusy = start.isPending || verifyCurrent.isPending || sendNew.isPending || confirm.isPending;

  const title = t(
    isBinding
      ? kind === 'mobile'
        ? 'contact.bindMobile'
        : 'contact.bindEmail'
      : kind === 'mobile'
        ? 'contact.changeMobile'
        : 'contact.changeEmail',
  );

  /** The server's message; an expired or closed change goes back to the start, its codes spent with it. */
  function onError(cause: unknown) {
    setError(cause instanceof Error ? cause.message : String(cause));
    if (cause instanceof ApiError && cause.code === 'CONTACT_CHANGE_EXPIRED') {
      setChange(null);
      setSentTo(null);
      setCurrentCode('');
      setNewCode('');
      setStep('current');
    }
  }

  async function sendCurrentCode(): Promise<number | null> {
    setError(null);
    const opened = await start.mutateAsync({ kind });
    setChange(opened);
    setSentTo({ target: opened.maskedCurrent ?? '', minutes: opened.expiredMinutes ?? 0 });
    return opened.expiredMinutes;
  }

  async function onCurrent(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (isBinding) {
        if (!password) return setError(t('contact.passwordMissing'));
        setChange(await start.mutateAsync({ kind, password }));
      } else {
        if (!change) return setError(t('contact.sendFirst'));
        if (!/^\d{6}$/.test(currentCode.trim())) return setError(t('contact.codeMissing'));
        setChange(await verifyCurrent.mutateAsync({ ticketId: change.ticketId, code: currentCode.trim() }));
      }
      setSentTo(null);
      setStep('new');
    } catch (cause) {
      onError(cause);
    }
  }

  async function sendNewCode(): Promise<number | null> {
    setError(null);
    if (!change) return null;
    if (!newValue.trim()) {
      setError(t('contact.newMissing'));
      return null;
    }
    const named = await sendNew.mutateAsync(
      kind === 'mobile'
        ? {
            ticketId: change.ticketId,
            countryDialingCode: country?.countryDialingCode ?? '82',
            mobileNum: newValue.trim(),
          }
        : { ticketId: change.ticketId, email: newValue.trim() },
    );
    setChange(named);
    setSentTo({ target: named.maskedNew ?? '', minutes: named.expiredMinutes ?? 0 });
    return named.expiredMinutes;
  }

  async function onNew(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!change || change.step !== 'verifyNew') return setError(t('contact.sendFirst'));
    if (!/^\d{6}$/.test(newCode.trim())) return setError(t('contact.codeMissing'));
    try {
      await confirm.mutateAsync({ ticketId: change.ticketId, code: newCode.trim() });
      setDone(change.maskedNew ?? '');
      setStep('done');
    } catch (cause) {
      onError(cause);
    }
  }

  const stepTitle = t(
    step === 'current' ? 'contact.stepCurrent' : step === 'new' ? 'contact.stepNew' : 'contact.stepDone',
  );
  const codeField = (value: string, onChange: (value: string) => void, fieldId: string) => (
    <div className={styles.field}>
      <label htmlFor={fieldId} className={styles.label}>
        {t('contact.code')}
      </label>
      <input
        id={fieldId}
        className={styles.input}
        value={value}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('contact.codePlaceholder')}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
        data-code-input
      />
    </div>
  );

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} width={460} name="contactChange">
      <div className={styles.dialog} data-step={step}>
        <p className={styles.stepLine}>
          <span className={styles.stepNumber}>{t('contact.step', { step: STEP_NUMBER[step] })}</span>
          <span>{stepTitle}</span>
        </p>

        {step === 'current' && (
          <form className={styles.form} onSubmit={(event) => void onCurrent(event)} noValidate>
            {isBinding ? (
              <>
                <p className={styles.text}>{t('contact.passwordIntro')}</p>
                <div className={styles.field}>
                  <label htmlFor={`${id}-password`} className={styles.label}>
                    {t('contact.password')}
                  </label>
                  <input
                    id={`${id}-password`}
                    className={styles.input}
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                </div>
              </>
            ) : (
              <>
                <p className={styles.text}>{t('contact.codeGoesTo', { target: maskedCurrent })}</p>
                <div className={styles.codeRow}>
                  {codeField(currentCode, setCurrentCode, `${id}-current-code`)}
                  <CodeSendButton onSend={sendCurrentCode} onError={onError} />
                </div>
              </>
            )}
            <Button type="submit" block disabled={isBusy}>
              {t('contact.next')}
            </Button>
          </form>
        )}

        {step === 'new' && (
          <form className={styles.form} onSubmit={(event) => void onNew(event)} noValidate>
            {kind === 'mobile' ? (
              <div className={styles.field}>
                <label htmlFor={`${id}-new`} className={styles.label}>
                  {t('contact.newMobile')}
                </label>
                <div className={styles.phoneRow}>
                  <CountryCodePicker value={country} onChange={setCountry} label={t('contact.countryCode')} />
                  <input
                    id={`${id}-new`}
                    className={styles.input}
                    value={newValue}
                    inputMode="numeric"
                    autoComplete="tel-national"
                    aria-describedby={`${id}-new-hint`}
                    onChange={(event) => setNewValue(event.target.value.replace(/\D/g, ''))}
                    data-new-contact
                  />
                </div>
                <span id={`${id}-new-hint`} className={styles.muted}>
                  {t('contact.newMobileHint')}
                </span>
              </div>
            ) : (
              <div className={styles.field}>
                <label htmlFor={`${id}-new`} className={styles.label}>
                  {t('contact.newEmail')}
                </label>
                <input
                  id={`${id}-new`}
                  className={styles.input}
                  type="email"
                  autoComplete="email"
                  value={newValue}
                  onChange={(event) => setNewValue(event.target.value)}
                  data-new-contact
                />
              </div>
            )}
            <div className={styles.codeRow}>
              {codeField(newCode, setNewCode, `${id}-new-code`)}
              <CodeSendButton onSend={sendNewCode} onError={onError} disabled={!newValue.trim()} />
            </div>
            <Button type="submit" block disabled={isBusy}>
              {t('contact.confirm')}
            </Button>
          </form>
        )}

        {step === 'done' && (
          <div className={styles.form}>
            <p className={styles.success} role="status">
              {t(kind === 'mobile' ? 'contact.doneMobile' : 'contact.doneEmail', { target: done })}
            </p>
            <p className={styles.muted}>{t('contact.doneNote')}</p>
            <Button block onClick={onClose}>
              {t('contact.close')}
            </Button>
          </div>
        )}

        {sentTo && step !== 'done' && !error && (
          <p className={styles.notice} role="status">
            {t('contact.codeSent', sentTo)}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
