import { SetOperatorBrandsRequestSchema, SetOperatorRolesRequestSchema, type OperatorDetail } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { useOperatorSession } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useSetOperatorBrands } from '../api/set-operator-brands';
import { useSetOperatorRoles } from '../api/set-operator-roles';
import styles from './operators.module.css';
import { BrandChoices, RoleChoices } from './role-and-brand-choices';

const BrandsSchema = SetOperatorBrandsRequestSchema.refine((value) => value.allBrands || value.brands.length > 0, {
  path: ['brands'],
});

/**
 * Change an operator's roles or brands. The save carries the version the page opened; if another operator saved
 * in between, the server refuses it (BO_CHANGED_SINCE_OPENED), the page reloads the operator and this dialog
 * opens again on what they saved.
 */
export function OperatorAccessDialog({
  operator,
  part,
  onClose,
}: {
  operator: OperatorDetail;
  part: 'roles' | 'brands';
  onClose: () => void;
}) {
  const { t } = useTranslation('operators');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(part === 'roles' ? 'actions.rolesTitle' : 'actions.brandsTitle', { login: operator.login })}
      width={520}
    >
      {part === 'roles' ? (
        <RolesForm operator={operator} onClose={onClose} />
      ) : (
        <BrandsForm operator={operator} onClose={onClose} />
      )}
    </Dialog>
  );
}

function RolesForm({ operator, onClose }: { operator: OperatorDetail; onClose: () => void }) {
  const { t } = useTranslation('operators');
  const session = useOperatorSession();
  const setRoles = useSetOperatorRoles();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(SetOperatorRolesRequestSchema, { roles: operator.roles, version: operator.version });
  const roles = form.watch('roles');
  const refused = useRefusal(setFailure);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await setRoles.mutateAsync({ operatorId: operator.id, ...values });
      toast.success(t('actions.saved'));
      onClose();
    } catch (error) {
      refused(error);
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <RoleChoices
        session={session}
        value={roles}
        onChange={(next) => form.setValue('roles', next, { shouldValidate: form.formState.isSubmitted })}
        error={ruleOf(form.formState.errors.roles, t('rules.roles'))}
      />
      <FormError message={failure} />
      <FormButtons onClose={onClose} isBusy={form.formState.isSubmitting} />
    </form>
  );
}

function BrandsForm({ operator, onClose }: { operator: OperatorDetail; onClose: () => void }) {
  const { t } = useTranslation('operators');
  const session = useOperatorSession();
  const setBrands = useSetOperatorBrands();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(BrandsSchema, {
    allBrands: operator.allBrands,
    brands: operator.brands,
    version: operator.version,
  });
  const [allBrands, brands] = form.watch(['allBrands', 'brands']);
  const refused = useRefusal(setFailure);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await setBrands.mutateAsync({
        operatorId: operator.id,
        ...values,
        brands: values.allBrands ? [] : values.brands,
      });
      toast.success(t('actions.saved'));
      onClose();
    } catch (error) {
      refused(error);
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <BrandChoices
        session={session}
        allBrands={allBrands}
        brands={brands}
        onChange={(next) => {
          const validate = { shouldValidate: form.formState.isSubmitted };
          form.setValue('allBrands', next.allBrands, validate);
          form.setValue('brands', next.brands, validate);
        }}
        error={ruleOf(form.formState.errors.brands, t('rules.brands'))}
      />
      <FormError message={failure} />
      <FormButtons onClose={onClose} isBusy={form.formState.isSubmitting} />
    </form>
  );
}

/**
 * A refusal shows in the form; "changed since you opened it" shows as a toast too, since the dialog then opens
 * again on the operator as the other save left it.
 */
function useRefusal(setFailure: (text: string) => void) {
  const { t } = useTranslation('operators');
  return (error: unknown) => {
    const text = messageOf(error, t('errors.failed'));
    setFailure(text);
    if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) toast.error(text);
  };
}

function FormButtons({ onClose, isBusy }: { onClose: () => void; isBusy: boolean }) {
  const { t } = useTranslation('operators');
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
      <Button variant="secondary" onClick={onClose}>
        {t('common:cancel')}
      </Button>
      <Button type="submit" disabled={isBusy}>
        {t('actions.save')}
      </Button>
    </div>
  );
}
