import { zodResolver } from '@hookform/resolvers/zod';
import { WHITELABEL, type RegisterField, type RegisterSettings } from '@parlay/contract';
import * as Tabs from '@radix-ui/react-tabs';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountryCodePicker } from '../../../components/ui/country-code-picker';
import { Dialog, Modal } from '../../../components/ui/dialog';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';
import type { Country } from '../../../lib/countries';
import { formatMoney } from '../../../lib/format-money';
import { useUiLanguage } from '../../../lib/language';
import { openModal, useModal, useModalStore } from '../../../lib/modal-store';
import { checkAffiliate } from '../api/check-affiliate';
import { useRegisterBanner } from '../api/get-register-banner';
import { useRegisterSettings } from '../api/get-register-settings';
import { useSignupBonus } from '../api/get-signup-bonus';
import { useRegister } from '../api/register';
import { sendRegisterSms } from '../api/send-register-sms';
import { useBehaviourCheck } from '../lib/behaviour-check';
import {
  alwaysRequiredFor,
  buildRegisterSchema,
  emptyRegisterValues,
  needsSmsCode,
  rulesForTab,
  toRegisterBody,
  visibleFields,
  type RegisterFormValues,
  type RegisterTab,
} from '../lib/form-rules';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import styles from './auth-form.module.css';
import { BehaviourStatus } from './behaviour-status';
import { FormSubmit } from './field-groups';
import { FormField } from './form-field';
import { LiveNotice } from './live-notice';
import { SmsSendButton } from './sms-send-button';

const INPUT_TYPES: Partial<
  Record<RegisterField, { type?: string; inputMode?: 'numeric' | 'email'; autoComplete?: string }>
> = {
  username: { autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  paymentPassword: { type: 'password', inputMode: 'numeric', autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  mobileNum: { inputMode: 'numeric', autoComplete: 'tel-national' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { inputMode: 'numeric' },
  zalo: { inputMode: 'numeric' },
};

/** The challenge a registration asks for (one object, so the behaviour check keeps it between renders). */
const FOR_REGISTRATION = { purpose: 'register' } as const;

/** The register dialog (registerModal): by username or by mobile number, fields from the brand's rules. */
export function RegisterDialog() {
  const { t, i18n } = useTranslation('auth');
  const modal = useModal('registerModal');
  const { isEnabled } = useBrand();
  const [language] = useUiLanguage();
  const settings = useRegisterSettings();
  const banner = useRegisterBanner(language);
  // The brand's real sign-up bonus in its currency (docs/product/accounts.md#registration); none: no bonus is named.
  const signupBonus = useSignupBonus().data;
  const bonus = signupBonus
    ? formatMoney(signupBonus.amountMinor, {
        currency: signupBonus.currency,
        exponent: signupBonus.currencyExponent,
        locale: i18n.resolvedLanguage ?? i18n.language ?? 'ko',
        display: 'symbol',
      })
    : null;
  const tabs = useMemo(() => {
    const list: RegisterTab[] = [];
    if (isEnabled(WHITELABEL.REGISTER_USERNAME) && settings.data?.usernameRegistration !== false) list.push('username');
    if (isEnabled(WHITELABEL.REGISTER_MOBILE) && settings.data?.mobileRegistration !== false) list.push('mobile');
    return list;
  }, [isEnabled, settings.data]);
  const [chosen, setChosen] = useState<RegisterTab | null>(modal.payload.tab ?? null);
  const tab = chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? null);

  return (
    <Modal
      open={modal.isOpen}
      onOpenChange={modal.onOpenChange}
      title={bonus ? t('register.title', { bonus }) : t('register.titleNoBonus')}
      name="registerModal"
      width={480}
      height={0}
    >
      <div className={styles.form}>
        <nav className={styles.switchTabs} aria-label={t('register.switch')}>
          <button type="button" className={styles.switchTab} onClick={() => openModal('loginPopupModal', {})}>
            {t('login.title')}
          </button>
          <button type="button" className={styles.switchTab} aria-current="page">
            {t('register.action')}
          </button>
        </nav>
        {banner.data?.imageUrl && <img className={styles.banner} src={banner.data.imageUrl} alt={banner.data.title} />}
        {bonus && signupBonus && (
          <p className={styles.bonus} data-testid="register-bonus">
            {t('register.bonusLine')} <strong>{bonus}</strong>
            {signupBonus.wageringMultiplier > 0 && (
              <> {t('register.bonusWagering', { times: signupBonus.wageringMultiplier })}</>
            )}
          </p>
        )}
        {settings.isPending && <PageLoader />}
        {settings.isError && (
          <p className={styles.alert} role="alert">
            {settings.error.message}
          </p>
        )}
        {settings.data && !tab && <p className={styles.notice}>{t('register.closed')}</p>}
        {settings.data && tab && (
          <Tabs.Root value={tab} onValueChange={(value) => setChosen(value as RegisterTab)} className={styles.form}>
            {tabs.length > 1 && (
              <Tabs.List className={styles.tabs} aria-label={t('register.method')}>
                {tabs.map((item) => (
                  <Tabs.Trigger key={item} value={item} className={styles.tab}>
                    {item === 'username' ? t('register.byUsername') : t('register.byMobile')}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
            )}
            {tabs.map((item) => (
              <Tabs.Content key={item} value={item} tabIndex={-1}>
                {item === tab && (
                  <RegisterForm
                    settings={settings.data}
                    tab={item}
                    referralCode={modal.payload.referralCode ?? ''}
                    affiliateCode={modal.payload.affiliateCode ?? ''}
                  />
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </div>
    </Modal>
  );
}

function RegisterForm({
  settings,
  tab,
  referralCode,
  affiliateCode,
}: {
  settings: RegisterSettings;
  tab: RegisterTab;
  referralCode: string;
  /** An agent's code from its invitation link (/register?affiliateCode=). */
  affiliateCode: string;
}) {
  const { t } = useTranslation('auth');
  const [language] = useUiLanguage();
  const rules = rulesForTab(settings, tab);
  const fields = visibleFields(settings, tab);
  const [country, setCountry] = useState<Country | null>(null);
  // The brand's captcha rule asks for the hardest proof of work, solved while the member types (decision 0030).
  const check = useBehaviourCheck(rules.captcha.enabled ? FOR_REGISTRATION : undefined);
  const registerCall = useRegister();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const [smsMessage, setSmsMessage] = useState<string | null>(null);
  const [isInvitationWarningOpen, setInvitationWarningOpen] = useState(false);

  const schema = useMemo(
    () =>
      buildRegisterSchema(settings, tab, language, {
        passwordMismatch: t('errors.passwordMismatch'),
        codeRequired: t('errors.codeRequired'),
        birthdayAge: t('errors.birthdayAge', { age: settings.birthdayMinimumAge }),
      }),
    [settings, tab, language, t],
  );
  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: { ...emptyRegisterValues(referralCode), affiliateCode },
  });
  const errors = form.formState.errors as Partial<Record<string, { message?: string }>>;
  const dialingCode = country?.countryDialingCode ?? '82';

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const affiliateCode = values.affiliateCode.trim();
    if (affiliateCode !== '') {
      try {
        await checkAffiliate(affiliateCode);
      } catch {
        setInvitationWarningOpen(true);
        return;
      }
    }
    try {
      const altcha = await check.take();
      const body = toRegisterBody({ ...values, countryDialingCode: dialingCode }, settings, tab);
      const result = await registerCall.mutateAsync({
        tab,
        body: {
          ...body,
          registerUrl: location.href.slice(0, 2048),
          domain: location.host,
          registerMethod: 'WEB',
          login: true,
          altcha,
        },
      });
      if (result.token) {
        completeSignIn({ ...result, token: result.token, expiresAt: result.expiresAt ?? '' }, 'register');
      } else {
        useModalStore.getState().closeModal();
        openModal('loginPopupModal', {});
      }
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('errors.unknown'));
    }
  });

  function labelOf(field: RegisterField) {
    return t(`fields.${field}`);
  }

  function isRequired(field: RegisterField) {
    return rules[field].required || field === 'paymentPassword' || alwaysRequiredFor(settings, tab).includes(field);
  }

  function renderField(field: RegisterField) {
    const input = INPUT_TYPES[field] ?? {};
    if (field === 'mobileNum') {
      return (
        <div className={styles.field} key={field}>
          <span className={`${styles.label} ${isRequired(field) ? styles.required : ''}`} aria-hidden="true">
            {labelOf(field)}
          </span>
          <div className={styles.pickerRow}>
            <CountryCodePicker value={country} onChange={setCountry} label={t('fields.countryCode')} />
            <FormField
              label={labelOf(field)}
              hideLabel
              isRequired={isRequired(field)}
              error={errors[field]?.message}
              {...input}
              {...form.register(field)}
            />
          </div>
        </div>
      );
    }
    return (
      <FormField
        key={field}
        label={labelOf(field)}
        isRequired={isRequired(field)}
        error={errors[field]?.message}
        placeholder={field === 'birthday' ? 'yyyy-MM-dd' : undefined}
        {...input}
        {...form.register(field)}
      />
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {fields.map((field) => (
        <div key={field} className={styles.form}>
          {renderField(field)}
          {field === 'password' && (
            <FormField
              label={t('fields.confirmPassword')}
              type="password"
              autoComplete="new-password"
              isRequired
              error={errors['confirmPassword']?.message}
              {...form.register('confirmPassword')}
            />
          )}
          {field === 'mobileNum' && needsSmsCode(settings, tab) && (
            <>
              <FormField
                label={t('fields.smsCode')}
                inputMode="numeric"
                autoComplete="one-time-code"
                isRequired
                error={errors['verificationCode']?.message}
                side={
                  <SmsSendButton
                    canSend={() => form.trigger('mobileNum')}
                    onSend={() =>
                      sendRegisterSms({
                        mobileNo: form.getValues('mobileNum').trim(),
                        countryDialingCode: dialingCode,
                        type: tab,
                      })
                    }
                    onSent={() => setSmsMessage(t('sms.sent'))}
                    onError={(message) => setSmsMessage(message)}
                  />
                }
                {...form.register('verificationCode')}
              />
              <LiveNotice message={smsMessage} />
            </>
          )}
        </div>
      ))}
      <label className={styles.checkRow}>
        <input type="checkbox" {...form.register('agree')} />
        <span>
          {t('register.agree', { age: settings.minimumAge })}{' '}
          <a className={styles.link} href="/help#terms" target="_blank" rel="noreferrer">
            {t('register.terms')}
          </a>
        </span>
      </label>
      <FormSubmit failure={failure} isSubmitting={form.formState.isSubmitting}>
        {t('register.submit')}
      </FormSubmit>
      <BehaviourStatus status={check.status} onRetry={check.reset} />
      <Dialog
        open={isInvitationWarningOpen}
        onOpenChange={setInvitationWarningOpen}
        title={t('common.warning')}
        name="invitationCodeError"
        buttons={[{ label: t('common.confirm'), onClick: () => setInvitationWarningOpen(false) }]}
      >
        {t('register.invitationCodeError')}
      </Dialog>
    </form>
  );
}
