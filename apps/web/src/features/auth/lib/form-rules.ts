import {
  ageOn,
  formatRuleMessage,
  parseRuleDate,
  REGISTER_FIELDS,
  REGISTER_INPUT_FIELDS,
  validateFields,
  type RegisterField,
  type RegisterRules,
  type RegisterSettings,
  type TranslatedLanguage,
} from '@parlay/contract';
import { z } from 'zod';

export type RegisterTab = 'username' | 'mobile';

/** The register form: every rules-engine field, plus the ones the form itself adds. */
export type RegisterFormValues = Record<RegisterField, string> & {
  confirmPassword: string;
  verificationCode: string;
  countryDialingCode: string;
  agree: boolean;
};

/** Messages the rules engine does not carry, already translated. */
export interface FormMessages {
  passwordMismatch: string;
  codeRequired: string;
  birthdayAge: string;
}

/**
 * The rules of one tab: on the mobile tab the username is the mobile number, so its own rule is off
 * and the mobile number is required; the password shows there only when the brand sets one.
 */
export function rulesForTab(settings: RegisterSettings, tab: RegisterTab): RegisterRules {
  const rules = { ...settings.rules };
  if (tab === 'mobile') {
    rules.username = { ...rules.username, enabled: false, required: false };
    rules.mobileNum = { ...rules.mobileNum, enabled: true, required: true };
    if (!settings.mobilePassword) rules.password = { ...rules.password, enabled: false, required: false };
  }
  return rules;
}

/** Fields the form requires whatever the brand says (docs/product/accounts.md#field-requirements). */
export function alwaysRequiredFor(settings: RegisterSettings, tab: RegisterTab): RegisterField[] {
  if (tab === 'mobile') return settings.mobilePassword ? ['mobileNum', 'password'] : ['mobileNum'];
  return ['username', 'password'];
}

/** Whether the SMS code field shows: mobile registration with SMS verification on. */
export function needsSmsCode(settings: RegisterSettings, tab: RegisterTab): boolean {
  return tab === 'mobile' && settings.smsVerification;
}

/** The fields the tab shows, in the rules engine's order: never a captcha (decision 0030). */
export function visibleFields(settings: RegisterSettings, tab: RegisterTab): RegisterField[] {
  const rules = rulesForTab(settings, tab);
  const always = alwaysRequiredFor(settings, tab);
  const shown = REGISTER_INPUT_FIELDS.filter((field) => rules[field].enabled || always.includes(field));
  // On the mobile tab the number is the account, so it comes first.
  return tab === 'mobile' ? ['mobileNum', ...shown.filter((field) => field !== 'mobileNum')] : shown;
}

/**
 * The zod schema of the register form, built from the brand's rules with the contract's engine, so
 * the form shows the very messages the server would answer with. Each field gets its first error.
 */
export function buildRegisterSchema(
  settings: RegisterSettings,
  tab: RegisterTab,
  language: TranslatedLanguage,
  messages: FormMessages,
  today: Date = new Date(),
) {
  const rules = rulesForTab(settings, tab);
  const always = alwaysRequiredFor(settings, tab);
  return z
    .object({
      ...Object.fromEntries(REGISTER_FIELDS.map((field) => [field, z.string()])),
      confirmPassword: z.string(),
      verificationCode: z.string(),
      countryDialingCode: z.string(),
      agree: z.boolean(),
    })
    .superRefine((values, context) => {
      const record = values as unknown as RegisterFormValues;
      const seen = new Set<string>();
      const report = (path: string, message: string) => {
        if (seen.has(path)) return;
        seen.add(path);
        context.addIssue({ code: 'custom', path: [path], message });
      };
      for (const violation of validateFields(record, rules, always)) {
        report(
          violation.field,
          formatRuleMessage({ ...violation, minLength: violation.min, maxLength: violation.max }, language),
        );
      }
      const password = record.password.trim();
      if (rules.password.enabled && password !== '' && record.confirmPassword.trim() !== password) {
        report('confirmPassword', messages.passwordMismatch);
      }
      if (needsSmsCode(settings, tab) && record.verificationCode.trim() === '') {
        report('verificationCode', messages.codeRequired);
      }
      const birthday = rules.birthday.enabled ? parseRuleDate(record.birthday.trim()) : null;
      if (birthday && ageOn(birthday, today) < settings.birthdayMinimumAge) report('birthday', messages.birthdayAge);
    });
}

/** Empty values of every field, with the referral code from the link. */
export function emptyRegisterValues(referralCode = '', countryDialingCode = ''): RegisterFormValues {
  const values = Object.fromEntries(REGISTER_FIELDS.map((field) => [field, ''])) as Record<RegisterField, string>;
  return { ...values, referralCode, confirmPassword: '', verificationCode: '', countryDialingCode, agree: true };
}

/** The body of the register call: the shown, filled fields only (the server refuses unknown ones). */
export function toRegisterBody(
  values: RegisterFormValues,
  settings: RegisterSettings,
  tab: RegisterTab,
): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  for (const field of visibleFields(settings, tab)) {
    const value = values[field].trim();
    if (value !== '') body[field] = value;
  }
  if (tab === 'mobile') {
    body['username'] = values.mobileNum.trim();
    body['countryDialingCode'] = values.countryDialingCode;
  } else if (body['mobileNum']) {
    body['countryDialingCode'] = values.countryDialingCode;
  }
  // An agent's invitation link fills the affiliate code: sent even where the brand shows no such field (decision 0064).
  if (body['affiliateCode'] === undefined && values.affiliateCode.trim() !== '') {
    body['affiliateCode'] = values.affiliateCode.trim();
  }
  if (body['password'] !== undefined) body['confirmPassword'] = values.confirmPassword.trim();
  if (needsSmsCode(settings, tab)) body['verificationCode'] = values.verificationCode.trim();
  return body;
}
