import { z } from 'zod';
import type { TranslatedLanguage } from '../i18n';

/**
 * The registration rules engine (docs/product/accounts.md#registration-rules), shared by the server and the forms. A
 * rule names an accepted pattern ('*' for anything), a minimum and a maximum length (in characters, counted as code
 * points) and the patternId of its message; a value passes only if it matches and its length fits.
 */
export const PATTERNS = {
  /** Any characters. */
  ANY: '*',
  /** First character a letter, then letters and digits. */
  LETTER_ALNUM: 'LETTER_ALNUM',
  /** Chinese characters and digits. */
  CHINESE_DIGITS: 'CHINESE_DIGITS',
  /** An e-mail address. */
  EMAIL: 'EMAIL',
  /** Letters and digits, no special characters. */
  ALNUM: 'ALNUM',
  /** Letters and digits, at least one of each. */
  LETTERS_AND_DIGITS: 'LETTERS_AND_DIGITS',
  /** Digits only. */
  DIGITS: 'DIGITS',
  /** Letters and digits with at least one upper-case letter. */
  ALNUM_UPPER: 'ALNUM_UPPER',
  /** English letters and spaces. */
  LETTERS_SPACES: 'LETTERS_SPACES',
  /** Anything but spaces. */
  NO_SPACES: 'NO_SPACES',
  /** Chinese characters and punctuation. */
  CHINESE_PUNCTUATION: 'CHINESE_PUNCTUATION',
  /** A real date written yyyy-MM-dd or MM-dd-yyyy. */
  DATE: 'DATE',
  /** Korean (Hangul) only. */
  KOREAN: 'KOREAN',
  /** Thai only. */
  THAI: 'THAI',
  /** Thai or English letters, with spaces. */
  THAI_ENGLISH_SPACES: 'THAI_ENGLISH_SPACES',
  /** Upper-case letters and spaces, at least one letter. */
  UPPER_SPACES: 'UPPER_SPACES',
  /** Letters, digits and symbols (printable, no spaces). */
  LETTERS_DIGITS_SYMBOLS: 'LETTERS_DIGITS_SYMBOLS',
  /** Strong password: upper case, lower case, a digit and a special character. */
  STRONG_PASSWORD: 'STRONG_PASSWORD',
} as const;
export type PatternId = (typeof PATTERNS)[keyof typeof PATTERNS];
export const PATTERN_IDS = Object.values(PATTERNS) as [PatternId, ...PatternId[]];

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Reads yyyy-MM-dd or MM-dd-yyyy; null when it is neither or not a real date. */
export function parseRuleDate(value: string): { year: number; month: number; day: number } | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  const parts = iso
    ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
    : us
      ? { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) }
      : null;
  return parts && isRealDate(parts.year, parts.month, parts.day) ? parts : null;
}

const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff';
const HANGUL = '\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f';
const THAI = '\\u0e00-\\u0e7f';

const MATCHERS: Record<PatternId, (value: string) => boolean> = {
  '*': () => true,
  LETTER_ALNUM: (v) => /^[A-Za-z][A-Za-z0-9]*$/.test(v),
  CHINESE_DIGITS: (v) => new RegExp(`^[${HAN}0-9]+$`).test(v),
  EMAIL: (v) =>
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(
      v,
    ),
  ALNUM: (v) => /^[A-Za-z0-9]+$/.test(v),
  LETTERS_AND_DIGITS: (v) => /^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/.test(v),
  DIGITS: (v) => /^[0-9]+$/.test(v),
  ALNUM_UPPER: (v) => /^(?=.*[A-Z])[A-Za-z0-9]+$/.test(v),
  LETTERS_SPACES: (v) => /^[A-Za-z ]+$/.test(v),
  NO_SPACES: (v) => /^\S+$/u.test(v),
  CHINESE_PUNCTUATION: (v) =>
    new RegExp(
      `^[${HAN}\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20\\u00b7\\u2014\\u2018\\u2019\\u201c\\u201d\\u2026]+$`,
    ).test(v),
  DATE: (v) => parseRuleDate(v) !== null,
  KOREAN: (v) => new RegExp(`^[${HANGUL}]+$`).test(v),
  THAI: (v) => new RegExp(`^[${THAI}]+$`).test(v),
  THAI_ENGLISH_SPACES: (v) => new RegExp(`^[${THAI}A-Za-z ]+$`).test(v) && /\S/.test(v),
  UPPER_SPACES: (v) => /^(?=.*[A-Z])[A-Z ]+$/.test(v),
  LETTERS_DIGITS_SYMBOLS: (v) => /^[\x21-\x7e]+$/.test(v),
  STRONG_PASSWORD: (v) => /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9\s])\S+$/.test(v),
};

/**
 * Messages by patternId. `{length}` becomes "min-max", or one number when min equals max.
 * A required field that is empty shows the same message.
 */
export const PATTERN_MESSAGES: Record<PatternId, Record<TranslatedLanguage, string>> = {
  '*': { KO: '{length}자로 입력해 주세요.', EN: 'Please enter {length} characters.' },
  LETTER_ALNUM: {
    KO: '영문자로 시작하는 영문과 숫자 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} letters and digits, starting with a letter.',
  },
  CHINESE_DIGITS: {
    KO: '한자와 숫자 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} Chinese characters and digits.',
  },
  EMAIL: {
    KO: '올바른 이메일 주소({length}자)를 입력해 주세요.',
    EN: 'Please enter a valid e-mail address of {length} characters.',
  },
  ALNUM: {
    KO: '특수문자 없이 영문과 숫자 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} letters or digits, without special characters.',
  },
  LETTERS_AND_DIGITS: {
    KO: '영문과 숫자를 조합하여 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} characters combining letters and digits.',
  },
  DIGITS: { KO: '숫자 {length}자리로 입력해 주세요.', EN: 'Please enter a {length}-digit number.' },
  ALNUM_UPPER: {
    KO: '대문자를 하나 이상 포함한 영문과 숫자 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} letters and digits with at least one upper-case letter.',
  },
  LETTERS_SPACES: {
    KO: '영문자와 공백 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} English letters and spaces.',
  },
  NO_SPACES: { KO: '공백 없이 {length}자로 입력해 주세요.', EN: 'Please enter {length} characters without spaces.' },
  CHINESE_PUNCTUATION: {
    KO: '한자와 문장부호 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} Chinese characters and punctuation.',
  },
  DATE: {
    KO: '날짜를 yyyy-MM-dd 또는 MM-dd-yyyy 형식으로 입력해 주세요.',
    EN: 'Please enter a date as yyyy-MM-dd or MM-dd-yyyy.',
  },
  KOREAN: { KO: '한글 {length}자로 입력해 주세요.', EN: 'Please enter {length} Korean characters.' },
  THAI: { KO: '태국어 {length}자로 입력해 주세요.', EN: 'Please enter {length} Thai characters.' },
  THAI_ENGLISH_SPACES: {
    KO: '태국어 또는 영문과 공백 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} Thai or English letters and spaces.',
  },
  UPPER_SPACES: {
    KO: '영문 대문자와 공백 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} upper-case letters and spaces.',
  },
  LETTERS_DIGITS_SYMBOLS: {
    KO: '영문, 숫자, 기호 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} letters, digits and symbols.',
  },
  STRONG_PASSWORD: {
    KO: '대문자, 소문자, 숫자, 특수문자를 모두 포함하여 {length}자로 입력해 주세요.',
    EN: 'Please enter {length} characters with an upper-case letter, a lower-case letter, a digit and a special character.',
  },
};

export const RuleSchema = z.object({
  acceptedPattern: z.enum(PATTERN_IDS).describe("A pattern id of the rules engine, or '*' for anything."),
  minLength: z.number().int().min(0).max(1000),
  maxLength: z.number().int().min(0).max(1000),
  patternId: z.enum(PATTERN_IDS).describe('Key of the message shown when the value fails, with min and max inserted.'),
  enabled: z.boolean().describe('The field shows on the form.'),
  required: z.boolean().describe('The field must be filled when it shows.'),
});
export type Rule = z.infer<typeof RuleSchema>;

/** Fields of the registration user (docs/product/accounts.md#registration-user) that the rules engine governs. */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'mobileNum',
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'referralCode',
  'paymentPassword',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'fullname',
  'nickname',
  'captcha',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
/**
 * The fields a member types in: all but `captcha`, whose rule no longer shows an image captcha but
 * asks registration for the harder proof of work (decision 0030).
 */
export const REGISTER_INPUT_FIELDS: readonly RegisterField[] = REGISTER_FIELDS.filter((field) => field !== 'captcha');
export const RegisterFieldSchema = z.enum(REGISTER_FIELDS);

export type RegisterRules = Record<RegisterField, Rule>;
export const RegisterRulesSchema = z.record(RegisterFieldSchema, RuleSchema) as unknown as z.ZodType<RegisterRules>;

const rule = (
  acceptedPattern: PatternId,
  minLength: number,
  maxLength: number,
  enabled = false,
  required = false,
): Rule => ({ acceptedPattern, minLength, maxLength, patternId: acceptedPattern, enabled, required });

/** Rules a brand starts with; an operator overrides them per brand. */
export const DEFAULT_REGISTER_RULES: RegisterRules = {
  username: rule('LETTER_ALNUM', 4, 16, true, true),
  password: rule('STRONG_PASSWORD', 8, 20, true, true),
  mobileNum: rule('DIGITS', 7, 15, true, false),
  payeeName: rule('*', 2, 30, true, false),
  email: rule('EMAIL', 6, 100, true, false),
  qqNum: rule('DIGITS', 5, 12),
  line: rule('NO_SPACES', 2, 50),
  whatsapp: rule('DIGITS', 7, 15),
  facebook: rule('NO_SPACES', 2, 100),
  wechat: rule('NO_SPACES', 2, 50),
  telegram: rule('NO_SPACES', 2, 50),
  zalo: rule('DIGITS', 7, 15),
  idNumber: rule('ALNUM', 6, 20),
  recommenderId: rule('ALNUM', 1, 20),
  affiliateCode: rule('ALNUM', 4, 20, true, false),
  referralCode: rule('ALNUM', 4, 20, true, false),
  paymentPassword: rule('DIGITS', 6, 6),
  birthday: rule('DATE', 10, 10),
  address: rule('*', 2, 200),
  nationality: rule('*', 2, 50),
  occupation: rule('*', 2, 50),
  sourceOfIncome: rule('*', 2, 100),
  fullname: rule('*', 2, 50),
  nickname: rule('*', 2, 20),
  captcha: rule('ALNUM', 4, 6),
};

/** "6-12", or "6" when min equals max. */
export function formatLength(min: number, max: number): string {
  return min === max ? String(min) : `${min}-${max}`;
}

export function formatRuleMessage(
  target: Pick<Rule, 'patternId' | 'minLength' | 'maxLength'>,
  language: TranslatedLanguage,
): string {
  return PATTERN_MESSAGES[target.patternId][language]
    .replaceAll('{length}', formatLength(target.minLength, target.maxLength))
    .replaceAll('{min}', String(target.minLength))
    .replaceAll('{max}', String(target.maxLength));
}

export function countCharacters(value: string): number {
  return [...value].length;
}

/** True when the value matches the rule's pattern and its length is within the bounds. */
export function matchesRule(value: string, target: Pick<Rule, 'acceptedPattern' | 'minLength' | 'maxLength'>): boolean {
  const length = countCharacters(value);
  if (length < target.minLength || length > target.maxLength) return false;
  return MATCHERS[target.acceptedPattern](value);
}

export interface RuleViolation {
  field: RegisterField;
  /** 'required' when an enabled, required field is empty; 'pattern' when the value breaks the rule. */
  kind: 'required' | 'pattern';
  patternId: PatternId;
  min: number;
  max: number;
}

/**
 * Checks every enabled field against its rule and returns the violations in field order (the forms
 * show the first under its field). Disabled fields are ignored; empty optional fields pass.
 * `alwaysRequired` lists fields the form itself requires whatever the brand says.
 */
export function validateFields(
  values: Partial<Record<RegisterField, string | undefined | null>>,
  rules: RegisterRules,
  alwaysRequired: readonly RegisterField[] = [],
): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const field of REGISTER_INPUT_FIELDS) {
    const target = rules[field];
    const mustFill = alwaysRequired.includes(field);
    if (!target.enabled && !mustFill) continue;
    const raw = values[field];
    const value = typeof raw === 'string' ? raw.trim() : '';
    const base = { field, patternId: target.patternId, min: target.minLength, max: target.maxLength };
    if (value === '') {
      // paymentPassword is always required when it is enabled (docs/product/accounts.md#field-requirements).
      if (mustFill || target.required || field === 'paymentPassword') violations.push({ ...base, kind: 'required' });
      continue;
    }
    if (!matchesRule(value, target)) violations.push({ ...base, kind: 'pattern' });
  }
  return violations;
}

/** Whole years between a birthday and a day (UTC). */
export function ageOn(birthday: { year: number; month: number; day: number }, on: Date): number {
  let age = on.getUTCFullYear() - birthday.year;
  const month = on.getUTCMonth() + 1;
  if (month < birthday.month || (month === birthday.month && on.getUTCDate() < birthday.day)) age -= 1;
  return age;
}

/** Minimum age for the registration consent (docs/product/accounts.md#field-requirements). */
export const MINIMUM_REGISTRATION_AGE = 18;
/** Minimum age of the birthday check (docs/product/accounts.md#field-requirements). */
export const MINIMUM_BIRTHDAY_AGE = 21;
