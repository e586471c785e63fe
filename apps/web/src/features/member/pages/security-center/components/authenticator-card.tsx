import type { AuthenticatorEnrolment, SecurityOverview } from '@parlay/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Icon } from '../../../../../components/ui/icon';
import { QrCode } from '../../../../../components/ui/qr-code';
import { useConfirmAuthenticator, useRemoveAuthenticator, useStartAuthenticator } from '../api/authenticator';
import styles from '../security-center.module.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: AuthenticatorEnrolment }
  | { kind: 'recovery'; codes: string[] }
  | { kind: 'removing' };

/**
 * The authenticator: set up with a QR code and a confirming code, then its recovery codes shown once; removed with
 * a code of the app or a recovery code.
 */
export function AuthenticatorCard({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation('member-security');
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState('');
  const start = useStartAuthenticator();
  const confirm = useConfirmAuthenticator();
  const remove = useRemoveAuthenticator();
  const enrolled = overview.authenticator.enrolled;

  const reset = () => {
    setCode('');
    confirm.reset();
    remove.reset();
  };
  const onStart = () => {
    setNotice('');
    reset();
    start.mutate(undefined, { onSuccess: (enrolment) => setStep({ kind: 'enrolling', enrolment }) });
  };
  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes }) => setStep({ kind: 'recovery', codes: recoveryCodes }),
    });
  };
  const onRemove = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(code.trim(), {
      onSuccess: () => {
        setStep({ kind: 'idle' });
        setNotice(t('authenticator.removed'));
      },
    });
  };
  const error = (start.error ?? confirm.error ?? remove.error)?.message;

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <div className={styles.row}>
        <span className={styles.rowIcon} aria-hidden="true">
          <Icon name="shield" size={18} />
        </span>
        <div className={styles.rowText}>
          <h3 id={`${id}-title`} className={styles.rowTitle}>
            {t('authenticator.title')}{' '}
            <span className={styles.status} data-on={enrolled || undefined}>
              {enrolled ? t('authenticator.on') : t('authenticator.off')}
            </span>
          </h3>
          <span className={styles.muted}>
            {enrolled
              ? t('authenticator.onText', { count: overview.authenticator.recoveryCodesLeft })
              : t('authenticator.offText')}
          </span>
        </div>
        {step.kind === 'idle' &&
          (enrolled ? (
            <Button
              variant="secondary"
              size="small"
              onClick={() => {
                reset();
                setNotice('');
                setStep({ kind: 'removing' });
              }}
            >
              {t('authenticator.remove')}
            </Button>
          ) : (
            <Button size="small" onClick={onStart} disabled={start.isPending}>
              {t('authenticator.setUp')}
            </Button>
          ))}
      </div>

      {step.kind === 'enrolling' && (
        <form className={styles.flow} onSubmit={onConfirm}>
          <p className={styles.flowText}>{t('authenticator.scan')}</p>
          <div className={styles.enrol}>
            <QrCode text={step.enrolment.otpauthUri} size={148} label={t('authenticator.qrLabel')} />
            <div className={styles.enrolFields}>
              <span className={styles.muted}>{t('authenticator.manual')}</span>
              <code className={styles.secret}>{step.enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              <label htmlFor={`${id}-code`} className={styles.label}>
                {t('authenticator.code')}
              </label>
              <input
                id={`${id}-code`}
                className={styles.input}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                pattern="[0-9]{6}"
                required
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
              <div className={styles.actions}>
                <Button type="submit" size="small" disabled={confirm.isPending || code.length !== 6}>
                  {t('authenticator.confirm')}
                </Button>
                <Button variant="ghost" size="small" onClick={() => setStep({ kind: 'idle' })}>
                  {t('authenticator.cancel')}
                </Button>
              </div>
            </div>
          </div>
        </form>
      )}

      {step.kind === 'recovery' && (
        <div className={styles.flow} role="region" aria-labelledby={`${id}-recovery`}>
          <h4 id={`${id}-recovery`} className={styles.rowTitle}>
            {t('authenticator.recoveryTitle')}
          </h4>
          <p className={styles.flowText}>{t('authenticator.recoveryText')}</p>
          <ol className={styles.codes}>
            {step.codes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ol>
          <div className={styles.actions}>
            <Button size="small" onClick={() => setStep({ kind: 'idle' })}>
              {t('authenticator.recoveryDone')}
            </Button>
          </div>
        </div>
      )}

      {step.kind === 'removing' && (
        <form className={styles.flow} onSubmit={onRemove}>
          <p className={styles.flowText}>{t('authenticator.removeText')}</p>
          <label htmlFor={`${id}-remove`} className={styles.label}>
            {t('authenticator.removeCode')}
          </label>
          <input
            id={`${id}-remove`}
            className={styles.input}
            autoComplete="one-time-code"
            maxLength={20}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className={styles.actions}>
            <Button
              type="submit"
              variant="secondary"
              size="small"
              disabled={remove.isPending || code.trim().length < 6}
            >
              {t('authenticator.removeConfirm')}
            </Button>
            <Button variant="ghost" size="small" onClick={() => setStep({ kind: 'idle' })}>
              {t('authenticator.cancel')}
            </Button>
          </div>
        </form>
      )}
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
