import { zodResolver } from '@hookform/resolvers/zod';
import { MobileNumSchema, WHITELABEL } from '@parlay/contract';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';
import { COUNTRIES, type Country } from '../../../lib/countries';
import { openModal, useModal, useModalStore } from '../../../lib/modal-store';
import { useFreePlay } from '../api/free-play';
import { useLogin } from '../api/login';
import { sendLoginSms } from '../api/send-login-sms';
import { useAuthFlowStore } from '../lib/auth-flow-store';
import { useBehaviourCheck } from '../lib/behaviour-check';
import { readRememberedLogin, rememberLogin } from '../lib/remember-me';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import styles from './auth-form.module.css';
import { BehaviourStatus } from './behaviour-status';
import { CaptchaImage, useCaptchaState } from './captcha-field';
import { FormSubmit, MobileCodeFields, type FieldBinding } from './field-groups';
import { FormField } from './form-field';

type Tab = 'username' | 'sms';

/** Whether a failure asks for the image captcha (spec 01 §4: "if the error value asks for a captcha"). */
function asksForCaptcha(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    ((error.value as { captchaRequired?: boolean } | undefined)?.captchaRequired === true ||
      error.code === 'CAPTCHA_REQUIRED' ||
      error.code === 'CAPTCHA_INVALID')
  );
}

/** The login dialog (loginPopupModal): username and password, or mobile number and SMS code. */
export function LoginDialog() {
  const { t } = useTranslation('auth');
  const { isEnabled } = useBrand();
  const modal = useModal('loginPopupModal');
  const canUseSms = isEnabled(WHITELABEL.LOGIN_SMS);
  const [tab, setTab] = useState<Tab>(canUseSms && modal.payload.tab === 'sms' ? 'sms' : 'username');
  const freePlay = useFreePlay();
  const completeSignIn = useCompleteSignIn();
  const [freePlayError, setFreePlayError] = useState<string | null>(null);

  async function startFreePlay() {
    setFreePlayError(null);
    try {
      completeSignIn(await freePlay.mutateAsync(), 'freeplay');
    } catch (error) {
      setFreePlayError((error as Error).message);
    }
  }

  return (
    <Modal
      open={modal.isOpen}
      onOpenChange={modal.onOpenChange}
      title={t('login.title')}
      // The message it opened to give ('not logged in') is its description: read with the title on open.
      description={modal.payload.message}
      descriptionTone="notice"
      name="loginPopupModal"
      width={440}
      height={0}
    >
      <div className={styles.form}>
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className={styles.form}>
          {canUseSms && (
            <Tabs.List className={styles.tabs} aria-label={t('login.method')}>
              <Tabs.Trigger value="username" className={styles.tab}>
                {t('login.byUsername')}
              </Tabs.Trigger>
              <Tabs.Trigger value="sms" className={styles.tab}>
                {t('login.byMobile')}
              </Tabs.Trigger>
            </Tabs.List>
          )}
          <Tabs.Content value="username" tabIndex={-1}>
            <UsernameLoginForm />
          </Tabs.Content>
          {canUseSms && (
            <Tabs.Content value="sms" tabIndex={-1}>
              <SmsLoginForm />
            </Tabs.Content>
          )}
        </Tabs.Root>
        <div className={styles.links}>
          <button type="button" className={styles.link} onClick={() => openModal('forgetPassModal', {})}>
            {t('login.forgot')}
          </button>
          {isEnabled(WHITELABEL.DIRECT_REGISTER) && (
            <button type="button" className={styles.link} onClick={() => openModal('registerModal', {})}>
              {t('login.toRegister')}
            </button>
          )}
        </div>
        {isEnabled(WHITELABEL.FREE_PLAY) && (
          <>
            <Button variant="ghost" block disabled={freePlay.isPending} onClick={() => void startFreePlay()}>
              {freePlay.isPending ? t('common.pending') : t('login.freePlay')}
            </Button>
            {freePlayError && (
              <p className={styles.alert} role="alert">
                {freePlayError}
              </p>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

function useLoginSubmit(type: Tab) {
  const login = useLogin();
  const check = useBehaviourCheck();
  const completeSignIn = useCompleteSignIn();
  const openChallenge = useAuthFlowStore((state) => state.openChallenge);
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptchaState(`login-${type}`, isCaptchaShown);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(
    fields: { username: string; password: string; countryDialingCode?: string; captcha?: string },
    remember: { remember: boolean; login: { username: string } | { mobileNum: string; countryDialingCode: string } },
  ) {
    setFailure(null);
    try {
      const altcha = await check.take();
      const result = await login.mutateAsync({
        ...fields,
        type,
        captcha: isCaptchaShown ? fields.captcha : undefined,
        captchaId: isCaptchaShown ? captcha.captchaId : undefined,
        altcha,
      });
      rememberLogin(remember.remember, remember.login);
      completeSignIn(result, type, type === 'username' ? fields.password : undefined);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGIN_VERIFICATION_REQUIRED') {
        const challenge = error.value as Parameters<typeof openChallenge>[0];
        useModalStore.getState().closeModal();
        openChallenge(challenge, {
          remember: remember.remember,
          username: fields.username,
          password: fields.password,
        });
        return;
      }
      // Every failure resets the behaviour check (take() already started a new one) and uses up the captcha.
      if (asksForCaptcha(error)) setCaptchaShown(true);
      if (isCaptchaShown || asksForCaptcha(error)) captcha.refresh();
      setFailure((error as Error).message);
    }
  }

  return { submit, check, captcha, isCaptchaShown, failure, isPending: login.isPending };
}

/** The end of both login forms: the image captcha once a failure asked for it, then remember me. */
function CaptchaAndRemember({
  flow,
  captcha,
  remember,
}: {
  flow: Pick<ReturnType<typeof useLoginSubmit>, 'captcha' | 'isCaptchaShown'>;
  captcha: FieldBinding;
  remember: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('auth');
  const { image, isLoading, refresh } = flow.captcha;
  return (
    <>
      {flow.isCaptchaShown && (
        <FormField
          label={t('fields.captcha')}
          isRequired
          autoComplete="off"
          inputMode="text"
          error={captcha.error}
          side={<CaptchaImage image={image} isLoading={isLoading} onRefresh={() => refresh()} />}
          {...captcha.field}
        />
      )}
      <label className={styles.checkRow}>
        <input type="checkbox" {...remember} />
        {t('login.remember')}
      </label>
    </>
  );
}

function UsernameLoginForm() {
  const { t } = useTranslation('auth');
  const remembered = readRememberedLogin();
  const flow = useLoginSubmit('username');
  const schema = z.object({
    username: z.string().trim().min(1, t('errors.usernameRequired')).max(100),
    password: z.string().trim().min(1, t('errors.passwordRequired')).max(255),
    captcha: flow.isCaptchaShown ? z.string().trim().min(1, t('errors.captchaRequired')).max(16) : z.string(),
    remember: z.boolean(),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      username: remembered.username ?? '',
      password: '',
      captcha: '',
      remember: remembered.username !== null,
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    await flow.submit(
      { username: values.username.trim(), password: values.password.trim(), captcha: values.captcha.trim() },
      { remember: values.remember, login: { username: values.username.trim() } },
    );
    form.setValue('captcha', '');
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormField
        label={t('fields.username')}
        autoComplete="username"
        isRequired
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        isRequired
        error={errors.password?.message}
        {...form.register('password')}
      />
      <CaptchaAndRemember
        flow={flow}
        captcha={{ field: form.register('captcha'), error: errors.captcha?.message }}
        remember={form.register('remember')}
      />
      <FormSubmit failure={flow.failure} isSubmitting={form.formState.isSubmitting}>
        {t('login.submit')}
      </FormSubmit>
      <BehaviourStatus status={flow.check.status} onRetry={flow.check.reset} />
    </form>
  );
}

function SmsLoginForm() {
  const { t } = useTranslation('auth');
  const remembered = readRememberedLogin();
  const [country, setCountry] = useState<Country | null>(
    () => COUNTRIES.find((item) => item.countryDialingCode === remembered.sms?.countryDialingCode) ?? null,
  );
  const flow = useLoginSubmit('sms');
  const schema = z.object({
    mobileNum: z
      .string()
      .trim()
      .min(1, t('errors.mobileRequired'))
      .refine((value) => MobileNumSchema.safeParse(value).success, t('errors.mobileInvalid')),
    code: z.string().trim().min(1, t('errors.codeRequired')).max(255),
    captcha: flow.isCaptchaShown ? z.string().trim().min(1, t('errors.captchaRequired')).max(16) : z.string(),
    remember: z.boolean(),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      mobileNum: remembered.sms?.mobileNum ?? '',
      code: '',
      captcha: '',
      remember: remembered.sms !== null,
    },
  });
  const errors = form.formState.errors;
  const dialingCode = country?.countryDialingCode ?? '82';

  const onSubmit = form.handleSubmit(async (values) => {
    await flow.submit(
      {
        username: values.mobileNum.trim(),
        password: values.code.trim(),
        countryDialingCode: dialingCode,
        captcha: values.captcha.trim(),
      },
      { remember: values.remember, login: { mobileNum: values.mobileNum.trim(), countryDialingCode: dialingCode } },
    );
    form.setValue('captcha', '');
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <MobileCodeFields
        country={country}
        onCountryChange={setCountry}
        mobile={{ field: form.register('mobileNum'), error: errors.mobileNum?.message }}
        code={{ field: form.register('code'), error: errors.code?.message }}
        canSend={() => form.trigger('mobileNum')}
        onSend={() => sendLoginSms({ mobileNum: form.getValues('mobileNum').trim(), countryDialingCode: dialingCode })}
      />
      <CaptchaAndRemember
        flow={flow}
        captcha={{ field: form.register('captcha'), error: errors.captcha?.message }}
        remember={form.register('remember')}
      />
      <FormSubmit failure={flow.failure} isSubmitting={form.formState.isSubmitting}>
        {t('login.submit')}
      </FormSubmit>
      <BehaviourStatus status={flow.check.status} onRetry={flow.check.reset} />
    </form>
  );
}
