import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '../../../components/ui/dialog';
import { useSafeNavigate } from '../../../hooks/use-safe-navigate';
import { useModal } from '../../../lib/modal-store';
import { writeSession } from '../../../lib/storage';
import { useChangePassword } from '../api/change-password';
import { useAuthFlowStore } from '../lib/auth-flow-store';
import styles from './auth-form.module.css';
import { FormSubmit, NewPasswordFields, useNewPasswordSchema } from './field-groups';
import { FormField } from './form-field';

/** The change-password dialog (changePassModal): forced for a default or expired password, or by choice. */
export function ChangePasswordDialog() {
  const { t } = useTranslation('auth');
  const modal = useModal('changePassModal');
  const knownPassword = useAuthFlowStore((state) => state.knownPassword);
  const setKnownPassword = useAuthFlowStore((state) => state.setKnownPassword);
  const change = useChangePassword();
  const queryClient = useQueryClient();
  const navigate = useSafeNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const asksOldPassword = knownPassword === null;

  const password = useNewPasswordSchema();
  const schema = z
    .object({
      oldPassword: asksOldPassword ? z.string().trim().min(1, t('errors.oldPasswordRequired')) : z.string(),
      newPassword: password.newPassword,
      confirmNewPassword: password.confirmNewPassword,
    })
    .refine((values) => values.confirmNewPassword === values.newPassword, password.mismatch);
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const errors = form.formState.errors;

  function close(open: boolean) {
    if (open) return;
    setKnownPassword(null);
    modal.onOpenChange(false);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await change.mutateAsync({
        oldPassword: asksOldPassword ? values.oldPassword.trim() : (knownPassword ?? ''),
        newPassword: values.newPassword.trim(),
        confirmNewPassword: values.confirmNewPassword.trim(),
      });
      // Success reloads the login info, closes the dialog and goes to / (docs/product/accounts.md#change-password).
      writeSession('cpw', 'false');
      await queryClient.invalidateQueries({ queryKey: ['navigation', 'member-info'] });
      close(false);
      navigate('/');
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  const reason = modal.payload.reason;
  const reasonText =
    reason === 'default'
      ? t('change.reasonDefault')
      : reason === 'expired'
        ? t('change.reasonExpired')
        : reason === 'firstLogin'
          ? t('change.reasonFirst')
          : undefined;
  return (
    <Modal
      open={modal.isOpen}
      onOpenChange={close}
      title={t('change.title')}
      // Why the change is asked for is read with the title as the dialog opens.
      description={reasonText}
      descriptionTone="notice"
      name="changePassModal"
      width={440}
      height={0}
    >
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {asksOldPassword && (
          <FormField
            label={t('fields.oldPassword')}
            type="password"
            autoComplete="current-password"
            isRequired
            error={errors.oldPassword?.message}
            {...form.register('oldPassword')}
          />
        )}
        <NewPasswordFields
          password={{ field: form.register('newPassword'), error: errors.newPassword?.message }}
          confirmation={{ field: form.register('confirmNewPassword'), error: errors.confirmNewPassword?.message }}
        />
        <FormSubmit failure={failure} isSubmitting={form.formState.isSubmitting}>
          {t('change.submit')}
        </FormSubmit>
      </form>
    </Modal>
  );
}
