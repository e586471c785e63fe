import { InviteOperatorRequestSchema, type OperatorDetail } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError, TextField } from '../../../components/ui/field';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { useOperatorSession } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useInviteOperator } from '../api/invite-operator';
import styles from './operators.module.css';
import { BrandChoices, RoleChoices } from './role-and-brand-choices';

// Brands are needed unless the operator acts on every brand.
const InviteSchema = InviteOperatorRequestSchema.refine((value) => value.allBrands || value.brands.length > 0, {
  path: ['brands'],
});

/** Invite an operator: the invitation link goes to the e-mail given; the operator chooses a password there. */
export function InviteOperatorDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (operator: OperatorDetail) => void;
}) {
  const { t } = useTranslation('operators');
  const session = useOperatorSession();
  const invite = useInviteOperator();
  const [failure, setFailure] = useState<string | null>(null);
  const singleBrand = !session.allBrands && session.brands.length === 1 ? session.brands[0]?.code : undefined;
  const form = useSchemaForm(InviteSchema, {
    login: '',
    name: '',
    email: '',
    roles: [],
    allBrands: false,
    brands: singleBrand ? [singleBrand] : [],
  });
  const errors = form.formState.errors;
  const [roles, allBrands, brands] = form.watch(['roles', 'allBrands', 'brands']);

  function change(next: boolean) {
    if (!next) {
      form.reset();
      setFailure(null);
    }
    onOpenChange(next);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const operator = await invite.mutateAsync({ ...values, brands: values.allBrands ? [] : values.brands });
      toast.success(t('invite.done', { email: operator.email }));
      change(false);
      onInvited(operator);
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t('invite.title')}
      description={t('invite.lead')}
      width={560}
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="invite-operator" disabled={form.formState.isSubmitting}>
            {t('invite.submit')}
          </Button>
        </>
      }
    >
      <form id="invite-operator" className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={styles.twoColumns}>
          <TextField
            label={t('fields.login')}
            autoCapitalize="none"
            spellCheck={false}
            isRequired
            hint={t('rules.login')}
            error={ruleOf(errors.login, t('rules.login'))}
            {...form.register('login')}
          />
          <TextField
            label={t('fields.name')}
            isRequired
            error={ruleOf(errors.name, t('rules.name'))}
            {...form.register('name')}
          />
        </div>
        <TextField
          label={t('fields.email')}
          type="email"
          isRequired
          error={ruleOf(errors.email, t('rules.email'))}
          {...form.register('email')}
        />
        <RoleChoices
          session={session}
          value={roles}
          onChange={(next) => form.setValue('roles', next, { shouldValidate: form.formState.isSubmitted })}
          error={ruleOf(errors.roles, t('rules.roles'))}
        />
        <BrandChoices
          session={session}
          allBrands={allBrands}
          brands={brands}
          onChange={(next) => {
            const validate = { shouldValidate: form.formState.isSubmitted };
            form.setValue('allBrands', next.allBrands, validate);
            form.setValue('brands', next.brands, validate);
          }}
          error={ruleOf(errors.brands, t('rules.brands'))}
        />
        <FormError message={failure} />
      </form>
    </Dialog>
  );
}
