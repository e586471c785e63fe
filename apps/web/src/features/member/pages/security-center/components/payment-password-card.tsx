import {
  PAYMENT_PASSWORD_LENGTH,
  PAYMENT_PASSWORD_MAX_ATTEMPTS,
  type PaymentPasswordChannel,
  type PaymentPasswordStatus,
} from '@parlay/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Icon } from '../../../../../components/ui/icon';
import { usePaymentPassword } from '../api/get-payment-password';
import {
  useChangePaymentPassword,
  useResetPaymentPassword,
  useSendPaymentPasswordCode,
  useSetPaymentPassword,
} from '../api/payment-password';
import { useFormatters } from '../lib/use-formatters';
import styles from '../security-center.module.css';
import own from './payment-password-card.module.css';

type Step = 'idle' | 'set' | 'change' | 'forgot';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, PAYMENT_PASSWORD_LENGTH);
const isPin = (value: string) => value.length === PAYMENT_PASSWORD_LENGTH;

/** A masked 6-digit field with the phone's number pad. */
function PinField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  isNew?: boolean;
}) {
  return (
    <div className={own.field}>
      <label htmlFor={props.id} className={styles.label}>
        {props.label}
      </label>
      <input
        id={props.id}
        className={`${styles.input} ${own.pin}`}
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={PAYMENT_PASSWORD_LENGTH}
        autoComplete={props.isNew ? 'new-password' : 'off'}
        required
        value={props.value}
        onChange={(event) => props.onChange(digitsOnly(event.target.value))}
      />
    </div>
  );
}

/**
 * The payment password (docs/product/member-centre.md#payment-password): 6 digits asked before withdrawals and points;
 * set with the login password, changed with the current one, or reset with a code sent to the bound mobile or e-mail.
 * Five wrong tries lock it for 15 minutes; the card says until when.
 */
export function PaymentPasswordCard() {
  const { t } = useTranslation('member-security');
  const { time } = useFormatters();
  const id = useId();
  const status = usePaymentPassword();
  const [step, setStep] = useState<Step>('idle');
  const [loginPassword, setLoginPassword] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [channel, setChannel] = useState<PaymentPasswordChannel | null>(null);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState('');
  const set = useSetPaymentPassword();
  const change = useChangePaymentPassword();
  const send = useSendPaymentPasswordCode();
  const reset = useResetPaymentPassword();

  if (!status.data) return null;
  const state: PaymentPasswordStatus = status.data;
  const locked = state.lockedUntil !== null;

  const open = (target: Step) => {
    for (const mutation of [set, change, send, reset]) mutation.reset();
    setLoginPassword('');
    setCurrent('');
    setNext('');
    setAgain('');
    setCode('');
    setChannel(state.resetTargets[0]?.channel ?? null);
    setNotice('');
    setStep(target);
  };
  const done = (text: string) => {
    setStep('idle');
    setNotice(text);
  };
  const mismatch = isPin(again) && again !== next;
  const newReady = isPin(next) && next === again;

  const onSet = (event: FormEvent) => {
    event.preventDefault();
    set.mutate({ loginPassword, newPassword: next }, { onSuccess: () => done(t('paymentPassword.saved')) });
  };
  const onChange = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ oldPassword: current, newPassword: next }, { onSuccess: () => done(t('paymentPassword.changed')) });
  };
  const onReset = (event: FormEvent) => {
    event.preventDefault();
    if (!channel) return;
    reset.mutate(
      { channel, code: code.trim(), newPassword: next },
      { onSuccess: () => done(t('paymentPassword.wasReset')) },
    );
  };
  const error = (set.error ?? change.error ?? send.error ?? reset.error)?.message;

  const newFields = (
    <>
      <PinField id={`${id}-new`} label={t('paymentPassword.new')} value={next} onChange={setNext} isNew />
      <PinField id={`${id}-again`} label={t('paymentPassword.again')} value={again} onChange={setAgain} isNew />
    </>
  );
  const cancel = (
    <Button variant="ghost" size="small" onClick={() => setStep('idle')}>
      {t('paymentPassword.cancel')}
    </Button>
  );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <div className={styles.row}>
        <span className={styles.rowIcon} aria-hidden="true">
          <Icon name="wallet" size={18} />
        </span>
        <div className={styles.rowText}>
          <h3 id={`${id}-title`} className={styles.rowTitle}>
            {t('paymentPassword.title')}{' '}
            <span className={styles.status} data-on={(state.isSet && !locked) || undefined}>
              {locked
                ? t('paymentPassword.locked')
                : state.isSet
                  ? t('paymentPassword.isSet')
                  : t('paymentPassword.notSet')}
            </span>
          </h3>
          <span className={styles.muted}>
            {state.isSet ? t('paymentPassword.onText') : t('paymentPassword.offText')}
          </span>
          {locked && state.lockedUntil && (
            <span className={styles.warning}>{t('paymentPassword.lockedText', { time: time(state.lockedUntil) })}</span>
          )}
          {state.isSet && !locked && state.attemptsLeft < PAYMENT_PASSWORD_MAX_ATTEMPTS && (
            <span className={styles.warning}>{t('paymentPassword.attemptsLeft', { count: state.attemptsLeft })}</span>
          )}
        </div>
      </div>
      {step === 'idle' && (
        <div className={styles.actions}>
          {state.isSet ? (
            <>
              <Button variant="secondary" size="small" onClick={() => open('change')} disabled={locked}>
                {t('paymentPassword.change')}
              </Button>
              <Button variant="ghost" size="small" onClick={() => open('forgot')}>
                {t('paymentPassword.forgot')}
              </Button>
            </>
          ) : (
            <Button size="small" onClick={() => open('set')} disabled={locked}>
              {t('paymentPassword.setUp')}
            </Button>
          )}
        </div>
      )}

      {step === 'set' && (
        <form className={styles.flow} onSubmit={onSet} aria-label={t('paymentPassword.setUp')}>
          <p className={styles.flowText}>{t('paymentPassword.setText')}</p>
          <div className={own.fields}>
            <div className={own.field}>
              <label htmlFor={`${id}-login`} className={styles.label}>
                {t('paymentPassword.loginPassword')}
              </label>
              <input
                id={`${id}-login`}
                className={styles.input}
                type="password"
                autoComplete="current-password"
                required
                value={loginPassword}
                onChange={(event) => setLoginPassword(event.target.value)}
              />
            </div>
            {newFields}
          </div>
          {mismatch && <p className={styles.error}>{t('paymentPassword.mismatch')}</p>}
          <div className={styles.actions}>
            <Button type="submit" size="small" disabled={set.isPending || !loginPassword || !newReady}>
              {t('paymentPassword.save')}
            </Button>
            {cancel}
          </div>
        </form>
      )}

      {step === 'change' && (
        <form className={styles.flow} onSubmit={onChange} aria-label={t('paymentPassword.change')}>
          <div className={own.fields}>
            <PinField id={`${id}-current`} label={t('paymentPassword.current')} value={current} onChange={setCurrent} />
            {newFields}
          </div>
          {mismatch && <p className={styles.error}>{t('paymentPassword.mismatch')}</p>}
          <div className={styles.actions}>
            <Button type="submit" size="small" disabled={change.isPending || !isPin(current) || !newReady}>
              {t('paymentPassword.save')}
            </Button>
            {cancel}
          </div>
        </form>
      )}

      {step === 'forgot' &&
        (state.resetTargets.length === 0 ? (
          <div className={styles.flow}>
            <p className={styles.flowText}>{t('paymentPassword.noContact')}</p>
            <div className={styles.actions}>{cancel}</div>
          </div>
        ) : (
          <form className={styles.flow} onSubmit={onReset} aria-label={t('paymentPassword.resetTitle')}>
            <fieldset className={own.channels}>
              <legend className={styles.flowText}>{t('paymentPassword.forgotText')}</legend>
              {state.resetTargets.map((target) => (
                <label key={target.channel} className={own.channel}>
                  <input
                    type="radio"
                    name={`${id}-channel`}
                    value={target.channel}
                    checked={channel === target.channel}
                    onChange={() => {
                      setChannel(target.channel);
                      send.reset();
                    }}
                  />
                  {t(`paymentPassword.via.${target.channel}`, { target: target.target })}
                </label>
              ))}
            </fieldset>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                size="small"
                disabled={send.isPending || !channel}
                onClick={() => channel && send.mutate(channel)}
              >
                {send.isSuccess ? t('paymentPassword.resend') : t('paymentPassword.sendCode')}
              </Button>
            </div>
            {send.data && (
              <>
                <p className={styles.notice} role="status">
                  {t('paymentPassword.codeSent', { target: send.data.target, minutes: send.data.expiresInMinutes })}
                </p>
                <div className={own.fields}>
                  <div className={own.field}>
                    <label htmlFor={`${id}-code`} className={styles.label}>
                      {t('paymentPassword.code')}
                    </label>
                    <input
                      id={`${id}-code`}
                      className={`${styles.input} ${own.pin}`}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      required
                      value={code}
                      onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
                    />
                  </div>
                  {newFields}
                </div>
                {mismatch && <p className={styles.error}>{t('paymentPassword.mismatch')}</p>}
              </>
            )}
            <div className={styles.actions}>
              {send.data && (
                <Button type="submit" size="small" disabled={reset.isPending || code.length !== 6 || !newReady}>
                  {t('paymentPassword.reset')}
                </Button>
              )}
              {cancel}
            </div>
          </form>
        ))}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
    </section>
  );
}
