import { describe, expect, it } from 'vitest';
import {
  ageOn,
  DEFAULT_REGISTER_RULES,
  formatRuleMessage,
  matchesRule,
  parseRuleDate,
  PATTERN_IDS,
  PATTERN_MESSAGES,
  validateFields,
  type PatternId,
  type RegisterRules,
} from './rules';

const wide = (acceptedPattern: PatternId) => ({ acceptedPattern, minLength: 1, maxLength: 100 });

/** For every pattern variant (docs/product/accounts.md#registration-rules): values that pass and values that fail. */
const EXAMPLES: Record<PatternId, { pass: string[]; fail: string[] }> = {
  '*': { pass: ['anything at all', '한글 !@#', ' '], fail: [] },
  LETTER_ALNUM: { pass: ['a', 'abc123', 'Player7'], fail: ['1abc', '_abc', 'ab c', 'ab-c', '가나'] },
  CHINESE_DIGITS: { pass: ['张三', '李四123', '2024'], fail: ['abc', '张三!', '张 三', '홍길동'] },
  EMAIL: {
    pass: ['a@b.co', 'first.last+tag@mail.example.com'],
    fail: ['a@b', 'a b@c.com', '@c.com', 'a@.com', 'a@b..com'],
  },
  ALNUM: { pass: ['abc', '123', 'aB3'], fail: ['a_b', 'a b', 'a-b', 'é'] },
  LETTERS_AND_DIGITS: { pass: ['abc1', '1a'], fail: ['abc', '123', 'ab1!'] },
  DIGITS: { pass: ['0', '0123456789'], fail: ['12a', '1 2', '-1', '１２'] },
  ALNUM_UPPER: { pass: ['Abc1', 'ABC'], fail: ['abc1', 'Abc!', 'A b'] },
  LETTERS_SPACES: { pass: ['John Smith', 'abc'], fail: ['John2', 'Jöhn', 'a-b'] },
  NO_SPACES: { pass: ['a!b@c', '한글'], fail: ['a b', 'a\tb', ' a'] },
  CHINESE_PUNCTUATION: { pass: ['张三，李四。', '你好！'], fail: ['张三1', 'abc', '张 三'] },
  DATE: {
    pass: ['2000-02-29', '12-31-1999'],
    fail: ['1999-02-29', '2000-13-01', '31-12-1999', '2000/01/01', '20000101'],
  },
  KOREAN: { pass: ['홍길동', 'ㄱㄴ'], fail: ['홍길동1', '홍 길동', 'Hong'] },
  THAI: { pass: ['สมชาย'], fail: ['สมชาย1', 'Somchai', 'สม ชาย'] },
  THAI_ENGLISH_SPACES: { pass: ['สมชาย Jaidee', 'John'], fail: ['สมชาย1', 'John!', '   '] },
  UPPER_SPACES: { pass: ['JOHN SMITH', 'A'], fail: ['John', '   ', 'JOHN1'] },
  LETTERS_DIGITS_SYMBOLS: { pass: ['a1!', 'P@ss#9'], fail: ['a 1', '한1', 'tab\t'] },
  STRONG_PASSWORD: {
    pass: ['Demo1234!', 'aB3$'],
    fail: ['demo1234!', 'DEMO1234!', 'Demoabcd!', 'Demo12345', 'Demo 123!'],
  },
};

describe('registration rules engine', () => {
  it('has examples for every pattern variant', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...PATTERN_IDS].sort());
  });

  describe.each(PATTERN_IDS)('pattern %s', (pattern) => {
    it.each(EXAMPLES[pattern].pass)('accepts %j', (value) => {
      expect(matchesRule(value, wide(pattern))).toBe(true);
    });
    if (EXAMPLES[pattern].fail.length > 0) {
      it.each(EXAMPLES[pattern].fail)('refuses %j', (value) => {
        expect(matchesRule(value, wide(pattern))).toBe(false);
      });
    }
  });

  it('counts length in characters, not bytes, and holds both bounds', () => {
    const rule = { acceptedPattern: 'KOREAN' as const, minLength: 2, maxLength: 3 };
    expect(matchesRule('홍', rule)).toBe(false);
    expect(matchesRule('홍길', rule)).toBe(true);
    expect(matchesRule('홍길동', rule)).toBe(true);
    expect(matchesRule('홍길동이', rule)).toBe(false);
    expect(matchesRule('😀😀', { acceptedPattern: '*', minLength: 2, maxLength: 2 })).toBe(true);
  });

  it('inserts min and max into the message, and one number when they are equal', () => {
    expect(formatRuleMessage({ patternId: 'LETTER_ALNUM', minLength: 6, maxLength: 12 }, 'EN')).toBe(
      'Please enter 6-12 letters and digits, starting with a letter.',
    );
    expect(formatRuleMessage({ patternId: 'DIGITS', minLength: 6, maxLength: 6 }, 'EN')).toBe(
      'Please enter a 6-digit number.',
    );
    expect(formatRuleMessage({ patternId: 'DIGITS', minLength: 6, maxLength: 6 }, 'KO')).toBe(
      '숫자 6자리로 입력해 주세요.',
    );
  });

  it('has a KO and an EN message for every pattern', () => {
    for (const pattern of PATTERN_IDS) {
      expect(PATTERN_MESSAGES[pattern].KO.length).toBeGreaterThan(0);
      expect(PATTERN_MESSAGES[pattern].EN.length).toBeGreaterThan(0);
    }
  });

  describe('validateFields', () => {
    const rules: RegisterRules = {
      ...DEFAULT_REGISTER_RULES,
      email: { ...DEFAULT_REGISTER_RULES.email, enabled: true, required: true },
      qqNum: { ...DEFAULT_REGISTER_RULES.qqNum, enabled: false, required: true },
      paymentPassword: { ...DEFAULT_REGISTER_RULES.paymentPassword, enabled: true, required: false },
    };

    it('passes a valid form', () => {
      expect(
        validateFields(
          { username: 'player1', password: 'Abcd1234!', email: 'p@x.io', paymentPassword: '123456' },
          rules,
          ['username', 'password'],
        ),
      ).toEqual([]);
    });

    it('lists violations in field order: required, then pattern', () => {
      const violations = validateFields({ username: '9lives', password: 'weak', email: '' }, rules, [
        'username',
        'password',
      ]);
      expect(violations.map((v) => [v.field, v.kind])).toEqual([
        ['username', 'pattern'],
        ['password', 'pattern'],
        ['email', 'required'],
        ['paymentPassword', 'required'],
      ]);
      expect(violations[0]).toMatchObject({ patternId: 'LETTER_ALNUM', min: 4, max: 16 });
    });

    it('ignores a disabled field even when it is marked required, and an empty optional field', () => {
      const violations = validateFields(
        { username: 'player1', password: 'Abcd1234!', email: 'p@x.io', paymentPassword: '654321', payeeName: '' },
        rules,
      );
      expect(violations).toEqual([]);
    });

    it('asks nothing typed of the captcha rule, even required: it asks for a harder proof of work instead', () => {
      const withCaptcha = { ...rules, captcha: { ...DEFAULT_REGISTER_RULES.captcha, enabled: true, required: true } };
      expect(
        validateFields(
          { username: 'player1', password: 'Abcd1234!', email: 'p@x.io', paymentPassword: '123456', captcha: '' },
          withCaptcha,
        ),
      ).toEqual([]);
    });

    it('trims before checking', () => {
      expect(
        validateFields(
          { username: '  player1  ', password: 'Abcd1234!', email: ' p@x.io ', paymentPassword: '123456' },
          rules,
        ),
      ).toEqual([]);
    });
  });

  describe('dates and ages', () => {
    it('reads both date layouts', () => {
      expect(parseRuleDate('2001-07-04')).toEqual({ year: 2001, month: 7, day: 4 });
      expect(parseRuleDate('07-04-2001')).toEqual({ year: 2001, month: 7, day: 4 });
      expect(parseRuleDate('2001-02-30')).toBeNull();
    });
    it('counts whole years, turning on the birthday', () => {
      const on = new Date(Date.UTC(2026, 6, 4));
      expect(ageOn({ year: 2005, month: 7, day: 4 }, on)).toBe(21);
      expect(ageOn({ year: 2005, month: 7, day: 5 }, on)).toBe(20);
    });
  });
});
