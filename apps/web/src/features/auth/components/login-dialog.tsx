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
import { useBehaviourCheck, useHarderCheck } from '../lib/behaviour-check';
import { readRememberedLogin, rememberLogin } from '../lib/remember-me';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import styles from './auth-form.module.css';
import { BehaviourStatus } from './behaviour-status';
import { FormSubmit, MobileCodeFields } from './field-groups';
import { FormField } from './form-field';

type Tab = 'username' | 'sms';

/** A refusal of the attempt's proof of work as too easy: solve the harder check and send it again. */
function refusesCheck(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID');
}

/**
 * Whether the next attempt needs the harder check: the error asks for a captcha
 * (docs/product/accounts.md#sign-in-flow). There is no image captcha: the dialog solves a harder proof of
 * work instead (decision 0030).
 */
function asksForHarderCheck(error: unknown): boolean {
  return (
    refusesCheck(error) ||
    (error instanceof ApiError && (error.value as { captchaRequired?: boolean } | undefined)?.captchaRequired === true)
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
  const harder = useHarderCheck();
  const completeSignIn = useCompleteSignIn();
  const openChallenge = useAuthFlowStore((state) => state.openChallenge);
  const [needsHarderCheck, setNeedsHarderCheck] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(
    fields: { username: string; password: string; countryDialingCode?: string },
    remember: { remember: boolean; login: { username: string } | { mobileNum: string; countryDialingCode: string } },
  ) {
    setFailure(null);
    const solveHarder = () =>
      harder.solve({
        purpose: 'login',
        type,
        username: fields.username,
        ...(fields.countryDialingCode ? { countryDialingCode: fields.countryDialingCode } : {}),
      });
    const send = (altcha: string) => login.mutateAsync({ ...fields, type, altcha });
    try {
      // After failures the harder check goes first; a refusal as too easy (a first attempt after failures
      // elsewhere, or more failures since it was solved) is answered once with a fresh harder check.
      const altcha = needsHarderCheck ? await solveHarder() : await check.take();
      const result = await send(altcha).catch(async (error: unknown) => {
        if (!refusesCheck(error)) throw error;
        return send(await solveHarder());
      });
      setNeedsHarderCheck(false);
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
      // Every failure resets the behaviour check (take() already started a new one).
      setNeedsHarderCheck(asksForHarderCheck(error));
      setFailure((error as Error).message);
    }
  }

  return { submit, check, isProving: harder.isSolving, failure, isPending: login.isPending };
}

/** The end of both login forms: remember me. */
function RememberRow({ remember }: { remember: UseFormRegisterReturn }) {
  const { t } = useTranslation('auth');
  return (
    <label className={styles.checkRow}>
      <input type="checkbox" {...remember} />
      {t('login.remember')}
    </label>
  );
}

function UsernameLoginForm() {
  const { t } = useTranslation('auth');
  const remembered = readRememberedLogin();
  const flow = useLoginSubmit('username');
  const schema = z.object({
    username: z.string().trim().min(1, t('errors.usernameRequired')).max(100),
    password: z.string().trim().min(1, t('errors.passwordRequired')).max(255),
    remember: z.boolean(),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      username: remembered.username ?? '',
      password: '',
      remember: remembered.username !== null,
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    await flow.submit(
      { username: values.username.trim(), password: values.password.trim() },
      { remember: values.remember, login: { username: values.username.trim() } },
    );
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
      <RememberRow remember={form.register('remember')} />
      <FormSubmit failure={flow.failure} isSubmitting={form.formState.isSubmitting}>
        {t('login.submit')}
      </FormSubmit>
      <BehaviourStatus status={flow.check.status} isProving={flow.isProving} onRetry={flow.check.reset} />
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
    remember: z.boolean(),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      mobileNum: remembered.sms?.mobileNum ?? '',
      code: '',
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
      },
      { remember: values.remember, login: { mobileNum: values.mobileNum.trim(), countryDialingCode: dialingCode } },
    );
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
      <RememberRow remember={form.register('remember')} />
      <FormSubmit failure={flow.failure} isSubmitting={form.formState.isSubmitting}>
        {t('login.submit')}
      </FormSubmit>
      <BehaviourStatus status={flow.check.status} isProving={flow.isProving} onRetry={flow.check.reset} />
    </form>
  );
}
