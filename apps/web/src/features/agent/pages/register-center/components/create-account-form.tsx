import {
  CreateDownlineAccountRequestSchema,
  formatRuleMessage,
  validateFields,
  type DownlineAccount,
  type DownlineAccountKind,
  type RegisterRules,
} from '@parlay/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { useUiLanguage } from '../../../../../lib/language';
import { useCreateDownlineAccount } from '../api/create-downline-account';
import { useRegisterRules } from '../api/get-register-rules';
import styles from '../register-center.module.css';

type Field = 'account' | 'password' | 'nickname';
const RULE_FIELD = { username: 'account', password: 'password', nickname: 'nickname' } as const;

function newRequestId(): string {
  return `web-${crypto.randomUUID()}`;
}

/**
 * The brand's registration rules for the three fields, as the register form runs them (the contract's engine), so the
 * form shows the very message the server would answer; the server checks again. Rules not loaded: nothing checked here.
 */
export function checkAccountFields(
  values: Record<Field, string>,
  rules: RegisterRules | undefined,
  language: 'KO' | 'EN',
): Partial<Record<Field, string>> {
  if (!rules) return {};
  const errors: Partial<Record<Field, string>> = {};
  const violations = validateFields(
    { username: values.account, password: values.password, nickname: values.nickname },
    {
      ...rules,
      username: { ...rules.username, enabled: true },
      password: { ...rules.password, enabled: true },
      nickname: { ...rules.nickname, required: false },
    },
    ['username', 'password'],
  );
  for (const violation of violations) {
    const field = RULE_FIELD[violation.field as keyof typeof RULE_FIELD];
    if (!field || errors[field]) continue;
    errors[field] = formatRuleMessage(
      { patternId: violation.patternId, minLength: violation.min, maxLength: violation.max },
      language,
    );
  }
  return errors;
}

/**
 * Create an account in my team directly (decision 0064): an account and password by the brand's rules, an optional
 * nickname, and member or sub-agent (the latter where the brand allows it). One request id per account: a double click
 * or a try again after a lost answer makes one account; after a success the form is empty with a new id.
 */
export function CreateAccountForm({ subAgentsAllowed }: { subAgentsAllowed: boolean }) {
  const { t } = useTranslation('member-agent');
  const [language] = useUiLanguage();
  const ids = useId();
  const rules = useRegisterRules();
  const create = useCreateDownlineAccount();
  const [values, setValues] = useState<Record<Field, string>>({ account: '', password: '', nickname: '' });
  const [kind, setKind] = useState<DownlineAccountKind>('member');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [requestId, setRequestId] = useState(newRequestId);
  const [created, setCreated] = useState<DownlineAccount | null>(null);
  // Set at once on submit, before the pending state renders: a double click sends one request.
  const sending = useRef(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const found = checkAccountFields(values, rules.data, language);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      account: values.account.trim(),
      password: values.password.trim(),
      ...(values.nickname.trim() ? { nickname: values.nickname.trim() } : {}),
      accountType: subAgentsAllowed ? kind : 'member',
      requestId,
    } as const;
    if (!CreateDownlineAccountRequestSchema.safeParse(body).success) return;
    sending.current = true;
    setCreated(null);
    create.mutate(body, {
      onSuccess: (account) => {
        setCreated(account);
        setValues({ account: '', password: '', nickname: '' });
        setRequestId(newRequestId());
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  }

  const serverError = create.error instanceof ApiError ? create.error : null;
  // The server names the field it refused (ACCOUNT_EXISTS, FIELD_INVALID): shown under it, else above the button.
  const serverField = serverError ? fieldOf(serverError) : null;

  function input(field: Field, props: { type?: string; autoComplete: string; required?: boolean; maxLength: number }) {
    const error = errors[field] ?? (serverField === field ? serverError?.message : undefined);
    return (
      <div className={styles.field}>
        <label htmlFor={`${ids}-${field}`} className={styles.label}>
          {t(`accounts.create.${field}`)}
          {props.required && (
            <span className={styles.required} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
        <input
          id={`${ids}-${field}`}
          className={styles.input}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          aria-required={props.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-${field}-error` : undefined}
          value={values[field]}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        />
        {error && (
          <span id={`${ids}-${field}-error`} className={styles.fieldError}>
            {error}
          </span>
        )}
      </div>
    );
  }

  return (
    <form className={styles.createForm} onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.subtitle}>
        {t('accounts.create.title')}
      </h3>
      <div className={styles.fields}>
        {input('account', { autoComplete: 'off', required: true, maxLength: 40 })}
        {input('password', { type: 'password', autoComplete: 'new-password', required: true, maxLength: 64 })}
        {input('nickname', { autoComplete: 'off', maxLength: 40 })}
      </div>
      {subAgentsAllowed && (
        <fieldset className={styles.kinds}>
          <legend className={styles.label}>{t('accounts.create.type')}</legend>
          {(['member', 'agent'] as const).map((option) => (
            <label key={option} className={styles.kind}>
              <input
                type="radio"
                name={`${ids}-kind`}
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              {t(`accounts.types.${option}`)}
            </label>
          ))}
        </fieldset>
      )}
      {serverError && !serverField && (
        <p className={styles.error} role="alert">
          {serverError.message}
        </p>
      )}
      {create.isError && !serverError && (
        <p className={styles.error} role="alert">
          {t('accounts.create.failed')}
        </p>
      )}
      {created && (
        <p className={styles.success} role="status">
          {t('accounts.create.created', {
            account: created.account,
            type: t(`accounts.types.${created.accountType}`),
          })}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('accounts.create.busy') : t('accounts.create.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The form field a refusal names (its `value.field`: username is the account here). */
function fieldOf(error: ApiError): Field | null {
  const named = (error.value as { field?: unknown } | undefined)?.field;
  if (named === 'account' || named === 'username') return 'account';
  if (named === 'password' || named === 'nickname') return named;
  return null;
}
