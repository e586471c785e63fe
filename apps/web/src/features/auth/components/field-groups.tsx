import { formatRuleMessage, matchesRule } from '@parlay/contract';
import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { CountryCodePicker } from '../../../components/ui/country-code-picker';
import type { Country } from '../../../lib/countries';
import { useUiLanguage } from '../../../lib/language';
import { useRegisterSettings } from '../api/get-register-settings';
import styles from './auth-form.module.css';
import { FormField } from './form-field';
import { LiveNotice } from './live-notice';
import { SmsSendButton, type SmsSendButtonProps } from './sms-send-button';

/** A registered input and its first error, as a field group takes it. */
export interface FieldBinding {
  field: UseFormRegisterReturn;
  error?: string;
}

/**
 * The new password of the brand's password rule (from GET /wps/system/setting/register) and its
 * confirmation, as the change-password, phone-recovery and reset-link forms check them.
 */
export function useNewPasswordSchema() {
  const { t } = useTranslation('auth');
  const settings = useRegisterSettings();
  const [language] = useUiLanguage();
  const rule = settings.data?.rules.password;
  return {
    newPassword: z
      .string()
      .trim()
      .min(1, t('errors.newPasswordRequired'))
      .refine((value) => !rule || matchesRule(value, rule), rule ? formatRuleMessage(rule, language) : ''),
    confirmNewPassword: z.string().trim(),
    /** For the object's refine: the confirmation's error shows under the confirmation. */
    mismatch: { path: ['confirmNewPassword'], message: t('errors.passwordMismatch') },
  };
}

/** New password and its confirmation. */
export function NewPasswordFields({ password, confirmation }: { password: FieldBinding; confirmation: FieldBinding }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        isRequired
        error={password.error}
        {...password.field}
      />
      <FormField
        label={t('fields.confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        isRequired
        error={confirmation.error}
        {...confirmation.field}
      />
    </>
  );
}

/** The end of an auth form: why the last try failed, if it did, and the submit button, which waits while it is sent. */
export function FormSubmit({
  failure,
  isSubmitting,
  children,
}: {
  failure?: string | null;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" block disabled={isSubmitting}>
        {isSubmitting ? t('common.pending') : children}
      </Button>
    </>
  );
}

export interface MobileCodeFieldsProps extends Pick<SmsSendButtonProps, 'onSend' | 'canSend' | 'adjustForLatency'> {
  country: Country | null;
  onCountryChange: (country: Country | null) => void;
  mobile: FieldBinding;
  code: FieldBinding;
}

/**
 * Mobile number with its country code, and the SMS code with its send button and countdown; the
 * send result (or the server's warning) shows under them.
 */
export function MobileCodeFields({
  country,
  onCountryChange,
  mobile,
  code,
  onSend,
  canSend,
  adjustForLatency,
}: MobileCodeFieldsProps) {
  const { t } = useTranslation('auth');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <div className={styles.field}>
        <span className={`${styles.label} ${styles.required}`} aria-hidden="true">
          {t('fields.mobileNum')}
        </span>
        <div className={styles.pickerRow}>
          <CountryCodePicker value={country} onChange={onCountryChange} label={t('fields.countryCode')} />
          <FormField
            label={t('fields.mobileNum')}
            hideLabel
            inputMode="numeric"
            autoComplete="tel-national"
            isRequired
            error={mobile.error}
            {...mobile.field}
          />
        </div>
      </div>
      <FormField
        label={t('fields.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        isRequired
        error={code.error}
        side={
          <SmsSendButton
            adjustForLatency={adjustForLatency}
            canSend={canSend}
            onSend={onSend}
            onSent={() => setMessage(t('sms.sent'))}
            onError={setMessage}
          />
        }
        {...code.field}
      />
      <LiveNotice message={message} />
    </>
  );
}
