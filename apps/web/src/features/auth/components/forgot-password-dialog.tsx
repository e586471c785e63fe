import { zodResolver } from '@hookform/resolvers/zod';
import { MobileNumSchema, WHITELABEL } from '@parlay/contract';
import * as Tabs from '@radix-ui/react-tabs';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { useBrand } from '../../../lib/brand';
import type { Country } from '../../../lib/countries';
import { focusOnMount } from '../../../lib/focus-on-mount';
import { openModal, useModal } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { useRecoverByEmail } from '../api/recover-by-email';
import { useRecoverByPhone } from '../api/recover-by-phone';
import { useResetByEmail } from '../api/reset-by-email';
import { sendLoginSms } from '../api/send-login-sms';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import styles from './auth-form.module.css';
import { FormSubmit, MobileCodeFields, NewPasswordFields, useNewPasswordSchema } from './field-groups';
import { FormField } from './form-field';
import { LiveNotice } from './live-notice';

type Tab = 'mobile' | 'email';

/** The forgotten-password dialog (forgetPassModal): by mobile number, and by e-mail when the flag allows. */
export function ForgotPasswordDialog() {
  const { t } = useTranslation('auth');
  const modal = useModal('forgetPassModal');
  const { isEnabled } = useBrand();
  // The e-mail tab shows only when the whitelabel flag for phone recovery is on
  // (docs/product/accounts.md#password-recovery).
  const hasEmailTab = isEnabled(WHITELABEL.RECOVER_BY_PHONE);
  const [tab, setTab] = useState<Tab>(hasEmailTab && modal.payload.tab === 'email' ? 'email' : 'mobile');

  if (modal.payload.resetToken) {
    return <ResetByLinkDialog token={modal.payload.resetToken} open={modal.isOpen} onOpenChange={modal.onOpenChange} />;
  }

  return (
    <Modal
      open={modal.isOpen}
      onOpenChange={modal.onOpenChange}
      title={t('forgot.title')}
      name="forgetPassModal"
      width={440}
      height={0}
    >
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className={styles.form}>
        {hasEmailTab && (
          <Tabs.List className={styles.tabs} aria-label={t('forgot.method')}>
            <Tabs.Trigger value="mobile" className={styles.tab}>
              {t('forgot.byMobile')}
            </Tabs.Trigger>
            <Tabs.Trigger value="email" className={styles.tab}>
              {t('forgot.byEmail')}
            </Tabs.Trigger>
          </Tabs.List>
        )}
        <Tabs.Content value="mobile" tabIndex={-1}>
          <PhoneRecoveryForm />
        </Tabs.Content>
        {hasEmailTab && (
          <Tabs.Content value="email" tabIndex={-1}>
            <EmailRecoveryForm onDone={modal.close} />
          </Tabs.Content>
        )}
        <div className={styles.links}>
          <button type="button" className={styles.link} onClick={() => openModal('loginPopupModal', {})}>
            {t('forgot.backToLogin')}
          </button>
        </div>
      </Tabs.Root>
    </Modal>
  );
}

function PhoneRecoveryForm() {
  const { t } = useTranslation('auth');
  const [country, setCountry] = useState<Country | null>(null);
  const recover = useRecoverByPhone();
  const completeSignIn = useCompleteSignIn();
  const password = useNewPasswordSchema();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = z
    .object({
      mobileNum: z
        .string()
        .trim()
        .min(1, t('errors.mobileRequired'))
        .refine((value) => MobileNumSchema.safeParse(value).success, t('errors.mobileInvalid')),
      verificationCode: z.string().trim().min(1, t('errors.codeRequired')).max(255),
      newPassword: password.newPassword,
      confirmNewPassword: password.confirmNewPassword,
    })
    .refine((values) => values.confirmNewPassword === values.newPassword, password.mismatch);
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
  });
  const errors = form.formState.errors;
  const dialingCode = country?.countryDialingCode ?? '82';

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await recover.mutateAsync({ ...values, countryDialingCode: dialingCode });
      completeSignIn(result, 'recovery');
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <MobileCodeFields
        country={country}
        onCountryChange={setCountry}
        mobile={{ field: form.register('mobileNum'), error: errors.mobileNum?.message }}
        code={{ field: form.register('verificationCode'), error: errors.verificationCode?.message }}
        adjustForLatency
        canSend={() => form.trigger('mobileNum')}
        onSend={() => sendLoginSms({ mobileNum: form.getValues('mobileNum').trim(), countryDialingCode: dialingCode })}
      />
      <NewPasswordFields
        password={{ field: form.register('newPassword'), error: errors.newPassword?.message }}
        confirmation={{ field: form.register('confirmNewPassword'), error: errors.confirmNewPassword?.message }}
      />
      <FormSubmit failure={failure} isSubmitting={form.formState.isSubmitting}>
        {t('forgot.submitMobile')}
      </FormSubmit>
    </form>
  );
}

function EmailRecoveryForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const recover = useRecoverByEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const noticeId = useId();
  const schema = z.object({
    username: z.string().trim().min(1, t('errors.usernameRequired')).max(100),
    email: z.string().trim().min(1, t('errors.emailRequired')).max(200).email(t('errors.emailInvalid')),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', email: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await recover.mutateAsync(values);
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  return (
    <div className={styles.form}>
      <LiveNotice id={noticeId} message={recover.isSuccess ? t('forgot.emailSent') : null} />
      {recover.isSuccess ? (
        // The submit button that had focus is gone: focus comes here, not onto the dialog as a whole, and the message is read with it.
        <Button block onClick={onDone} ref={focusOnMount} aria-describedby={noticeId}>
          {t('common.close')}
        </Button>
      ) : (
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormField
            label={t('fields.username')}
            autoComplete="username"
            isRequired
            error={errors.username?.message}
            {...form.register('username')}
          />
          <FormField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            isRequired
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormSubmit failure={failure} isSubmitting={form.formState.isSubmitting}>
            {t('forgot.submitEmail')}
          </FormSubmit>
        </form>
      )}
    </div>
  );
}

/** The set-new-password dialog of the e-mailed link: one use; a used or expired link says so. */
function ResetByLinkDialog({
  token,
  open,
  onOpenChange,
}: {
  token: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('auth');
  const reset = useResetByEmail();
  const password = useNewPasswordSchema();
  const [failure, setFailure] = useState<string | null>(null);
  const noticeId = useId();
  const schema = z
    .object({ newPassword: password.newPassword, confirmNewPassword: password.confirmNewPassword })
    .refine((values) => values.confirmNewPassword === values.newPassword, password.mismatch);
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmNewPassword: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, ...values });
      // Every session of the account has ended; a signed-in visitor signs in again with the new password.
      useSessionStore.getState().endSession();
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('reset.title')}
      // What to do with the link is read with the title as the dialog opens; it goes once the link is used.
      description={reset.isSuccess ? undefined : t('reset.intro')}
      descriptionTone="notice"
      name="forgetPassModal"
      width={440}
      height={0}
    >
      <div className={styles.form}>
        <LiveNotice id={noticeId} message={reset.isSuccess ? t('reset.done') : null} />
        {reset.isSuccess ? (
          // The submit button that had focus is gone: focus goes to the next step, which reads the message with it.
          <Button block onClick={() => openModal('loginPopupModal', {})} ref={focusOnMount} aria-describedby={noticeId}>
            {t('reset.toLogin')}
          </Button>
        ) : (
          <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
            <NewPasswordFields
              password={{ field: form.register('newPassword'), error: errors.newPassword?.message }}
              confirmation={{ field: form.register('confirmNewPassword'), error: errors.confirmNewPassword?.message }}
            />
            <FormSubmit failure={failure} isSubmitting={form.formState.isSubmitting}>
              {t('reset.submit')}
            </FormSubmit>
            {failure && (
              <button
                type="button"
                className={styles.link}
                onClick={() => openModal('forgetPassModal', { tab: 'email' })}
              >
                {t('reset.askAgain')}
              </button>
            )}
          </form>
        )}
      </div>
    </Modal>
  );
}
