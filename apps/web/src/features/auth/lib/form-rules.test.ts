import { DEFAULT_REGISTER_RULES, type RegisterSettings } from '@parlay/contract';
import { describe, expect, it } from 'vitest';
import { buildRegisterSchema, emptyRegisterValues, toRegisterBody, visibleFields } from './form-rules';

const messages = { passwordMismatch: 'MISMATCH', codeRequired: 'CODE', birthdayAge: 'AGE' };

function settings(overrides: Partial<RegisterSettings> = {}): RegisterSettings {
  return {
    rules: structuredClone(DEFAULT_REGISTER_RULES),
    directRegister: true,
    usernameRegistration: true,
    mobileRegistration: true,
    smsVerification: true,
    mobilePassword: true,
    expiredMinutes: 5,
    minimumAge: 18,
    birthdayMinimumAge: 21,
    ...overrides,
  };
}

function errorsOf(result: ReturnType<ReturnType<typeof buildRegisterSchema>['safeParse']>) {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe(buildRegisterSchema.name, () => {
  it('gives the rules engine message with min and max for an empty username and password', () => {
    const schema = buildRegisterSchema(settings(), 'username', 'EN', messages);
    const errors = errorsOf(schema.safeParse(emptyRegisterValues()));
    expect(errors['username']).toBe('Please enter 4-16 letters and digits, starting with a letter.');
    expect(errors['password']).toBe(
      'Please enter 8-20 characters with an upper-case letter, a lower-case letter, a digit and a special character.',
    );
  });

  it('shows one number when min equals max, in Korean', () => {
    const custom = settings();
    custom.rules.paymentPassword = { ...custom.rules.paymentPassword, enabled: true };
    const schema = buildRegisterSchema(custom, 'username', 'KO', messages);
    const errors = errorsOf(schema.safeParse({ ...emptyRegisterValues(), paymentPassword: '12' }));
    expect(errors['paymentPassword']).toBe('숫자 6자리로 입력해 주세요.');
  });

  it('makes an optional field required only when the brand marks it', () => {
    const optional = buildRegisterSchema(settings(), 'username', 'EN', messages);
    const values = { ...emptyRegisterValues(), username: 'player1', password: 'Aa1!aaaa', confirmPassword: 'Aa1!aaaa' };
    expect(optional.safeParse(values).success).toBe(true);
    const strict = settings();
    strict.rules.email = { ...strict.rules.email, required: true };
    const errors = errorsOf(buildRegisterSchema(strict, 'username', 'EN', messages).safeParse(values));
    expect(errors['email']).toBe('Please enter a valid e-mail address of 6-100 characters.');
  });

  it('refuses a confirmation that differs from the password', () => {
    const schema = buildRegisterSchema(settings(), 'username', 'EN', messages);
    const values = { ...emptyRegisterValues(), username: 'player1', password: 'Aa1!aaaa', confirmPassword: 'Aa1!aaab' };
    expect(errorsOf(schema.safeParse(values))).toEqual({ confirmPassword: 'MISMATCH' });
  });

  it('requires the mobile number and the SMS code on the mobile tab, not the username', () => {
    const schema = buildRegisterSchema(settings(), 'mobile', 'EN', messages);
    const errors = errorsOf(schema.safeParse(emptyRegisterValues()));
    expect(errors['username']).toBeUndefined();
    expect(errors['mobileNum']).toBe('Please enter a 7-15-digit number.');
    expect(errors['verificationCode']).toBe('CODE');
  });

  it('ignores a disabled field whatever it holds', () => {
    const schema = buildRegisterSchema(settings(), 'username', 'EN', messages);
    const values = {
      ...emptyRegisterValues(),
      username: 'player1',
      password: 'Aa1!aaaa',
      confirmPassword: 'Aa1!aaaa',
      qqNum: 'not digits',
    };
    expect(schema.safeParse(values).success).toBe(true);
  });

  it('refuses a birthday under the minimum age', () => {
    const custom = settings();
    custom.rules.birthday = { ...custom.rules.birthday, enabled: true };
    const schema = buildRegisterSchema(custom, 'username', 'EN', messages, new Date('2026-01-01T00:00:00Z'));
    const base = { ...emptyRegisterValues(), username: 'player1', password: 'Aa1!aaaa', confirmPassword: 'Aa1!aaaa' };
    expect(errorsOf(schema.safeParse({ ...base, birthday: '2010-01-01' }))).toEqual({ birthday: 'AGE' });
    expect(schema.safeParse({ ...base, birthday: '2000-01-01' }).success).toBe(true);
  });
});

describe(toRegisterBody.name, () => {
  it('sends the mobile number as the username on the mobile tab, with the code and dialling code', () => {
    const values = {
      ...emptyRegisterValues('REF1234'),
      mobileNum: '1012345678',
      password: 'Aa1!aaaa',
      confirmPassword: 'Aa1!aaaa',
      verificationCode: '123456',
      countryDialingCode: '82',
    };
    expect(toRegisterBody(values, settings(), 'mobile')).toMatchObject({
      username: '1012345678',
      mobileNum: '1012345678',
      countryDialingCode: '82',
      verificationCode: '123456',
      referralCode: 'REF1234',
      confirmPassword: 'Aa1!aaaa',
    });
  });

  it('leaves out fields the brand does not show', () => {
    const values = { ...emptyRegisterValues(), username: 'player1', qqNum: '12345' };
    expect(toRegisterBody(values, settings(), 'username')).not.toHaveProperty('qqNum');
    expect(visibleFields(settings(), 'username')).not.toContain('qqNum');
  });

  it("sends an agent link's affiliate code even where the brand shows no such field", () => {
    const custom = settings();
    custom.rules.affiliateCode = { ...custom.rules.affiliateCode, enabled: false };
    const values = { ...emptyRegisterValues(), username: 'player1', affiliateCode: ' LINKCODE23 ' };
    expect(visibleFields(custom, 'username')).not.toContain('affiliateCode');
    expect(toRegisterBody(values, custom, 'username')).toMatchObject({ affiliateCode: 'LINKCODE23' });
    expect(toRegisterBody(emptyRegisterValues(), custom, 'username')).not.toHaveProperty('affiliateCode');
  });

  it("never shows a captcha field, even when the brand's captcha rule is on and required", () => {
    const custom = settings();
    custom.rules.captcha = { ...custom.rules.captcha, enabled: true, required: true };
    expect(visibleFields(custom, 'username')).not.toContain('captcha');
    const schema = buildRegisterSchema(custom, 'username', 'EN', messages);
    const values = { ...emptyRegisterValues(), username: 'player1', password: 'Aa1!aaaa', confirmPassword: 'Aa1!aaaa' };
    expect(errorsOf(schema.safeParse(values))).toEqual({});
  });

  it('puts the mobile number first on the mobile tab', () => {
    expect(visibleFields(settings(), 'mobile')[0]).toBe('mobileNum');
    expect(visibleFields(settings(), 'mobile')).not.toContain('username');
  });
});
