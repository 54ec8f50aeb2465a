import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES as M, fileTooBigMessage } from './account-limits.ts';
import {
  adminUsersQuerySchema,
  changePasswordFormSchema,
  passwordResetRequestBodySchema,
  profileUpdateBodySchema,
  resetTokenSchema,
  signupBodySchema,
} from './account-schemas.ts';

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

const signup = {
  email: ' Minji@Example.COM ',
  password: 'Secret1!x',
  confirmPassword: 'Secret1!x',
  name: 'Kim Minji',
  companyName: 'Jeju Trails',
  agreeToTerms: true,
};

describe('signup', () => {
  it('accepts a valid signup, normalising the email, dropping blank optional fields, reading a bare site as https', () => {
    expect(
      signupBodySchema.parse({ ...signup, companyPhone: '', companyWebsite: 'jeju-trails.kr', companyAddress: null }),
    ).toEqual({
      email: 'minji@example.com',
      password: 'Secret1!x',
      confirmPassword: 'Secret1!x',
      name: 'Kim Minji',
      companyName: 'Jeju Trails',
      companyWebsite: 'https://jeju-trails.kr/',
      agreeToTerms: true,
    });
  });

  it('consent sent must be true (false, "true" or null is refused); spec 2\'s body without it is accepted (the web always sends it)', () => {
    const { agreeToTerms: _consent, ...withoutConsent } = signup;
    for (const body of [
      { ...signup, agreeToTerms: false },
      { ...signup, agreeToTerms: 'true' },
      { ...signup, agreeToTerms: null },
    ]) {
      expect(messages(signupBodySchema, body)).toEqual([{ path: 'agreeToTerms', message: M.termsRequired }]);
    }
    expect(signupBodySchema.safeParse(withoutConsent).success).toBe(true);
  });

  it('one spec message per field, all fields at once, the password match included', () => {
    expect(
      messages(signupBodySchema, {
        email: 'nope',
        password: 'abc',
        confirmPassword: 'abd',
        name: 'Al',
        companyName: '',
        companyPhone: '123',
        companyWebsite: 'ftp://x.y',
        agreeToTerms: true,
      }),
    ).toEqual([
      { path: 'email', message: M.emailInvalid },
      { path: 'password', message: M.passwordTooShort },
      { path: 'name', message: M.valueInvalid },
      { path: 'companyName', message: M.required },
      { path: 'companyPhone', message: M.phoneInvalid },
      { path: 'companyWebsite', message: M.urlInvalid },
      { path: 'confirmPassword', message: M.signupPasswordMismatch },
    ]);
  });

  it("'Email is required' and 'Required Field' for missing values", () => {
    expect(messages(signupBodySchema, {})).toEqual(
      expect.arrayContaining([
        { path: 'email', message: M.emailRequired },
        { path: 'password', message: M.required },
        { path: 'confirmPassword', message: M.required },
        { path: 'name', message: M.required },
      ]),
    );
  });

  it("passwords (NIST SP 800-63B): 8 to 128 characters with the spec's letter, digit and special character; each refusal says what is wrong", () => {
    const sixteen = 'Correct-horse-7!';
    for (const good of [
      'Secret1!',
      'Secret1!Secret',
      '비밀번호1!ab',
      'pass word 1',
      sixteen,
      `${'a1!'.repeat(21)}x`,
      `a1!${'b'.repeat(125)}`,
    ]) {
      expect(messages(signupBodySchema, { ...signup, password: good, confirmPassword: good }), good).toEqual([]);
    }
    const refused: [string, string][] = [
      ['Secre1!', M.passwordTooShort],
      [`a1!${'b'.repeat(126)}`, M.passwordTooLong],
      ['12345678!', M.passwordNeedsLetter],
      ['Secretttt!', M.passwordNeedsDigit],
      ['Secret123', M.passwordNeedsSpecial],
    ];
    for (const [bad, message] of refused) {
      expect(messages(signupBodySchema, { ...signup, password: bad, confirmPassword: bad }), bad).toEqual([
        { path: 'password', message },
      ]);
    }
  });

  it('names are 3 to 100 characters (letters, not bytes)', () => {
    expect(messages(signupBodySchema, { ...signup, name: '김민지' })).toEqual([]);
    expect(messages(signupBodySchema, { ...signup, name: 'x'.repeat(101) })).toEqual([
      { path: 'name', message: M.valueInvalid },
    ]);
  });
});

describe('the profile, password and reset forms', () => {
  it('the profile keeps only its own fields, reads website as companyWebsite, requires the address', () => {
    expect(
      profileUpdateBodySchema.parse({
        name: 'Kim Minji',
        companyName: 'Jeju',
        companyAddress: 'Jeju-si',
        website: 'https://a.kr',
        role: 'admin',
      }),
    ).toEqual({
      name: 'Kim Minji',
      companyName: 'Jeju',
      companyAddress: 'Jeju-si',
      companyWebsite: 'https://a.kr/',
    });
    expect(
      messages(profileUpdateBodySchema, { name: 'Kim Minji', companyName: 'Jeju', companyAddress: ' ', mobile: '010' }),
    ).toEqual([
      { path: 'companyAddress', message: M.required },
      { path: 'mobile', message: M.phoneInvalid },
    ]);
  });

  it("change password: 'Passwords do not match'", () => {
    expect(
      messages(changePasswordFormSchema, { oldPassword: 'x', newPassword: 'Secret1!x', confirmPassword: 'Secret1!y' }),
    ).toEqual([{ path: 'confirmPassword', message: M.changePasswordMismatch }]);
  });

  it("forgot password: 'Please enter email'", () => {
    expect(messages(passwordResetRequestBodySchema, { email: '' })).toEqual([
      { path: 'email', message: M.forgotEmailRequired },
    ]);
  });

  it('a reset token is at least 32 letters or digits', () => {
    expect(resetTokenSchema.safeParse('a'.repeat(32)).success).toBe(true);
    expect(resetTokenSchema.safeParse('a'.repeat(31)).success).toBe(false);
    expect(resetTokenSchema.safeParse(`${'a'.repeat(31)}-`).success).toBe(false);
  });
});

describe('the admin list query', () => {
  it('defaults, the limit alias, and "all" as no filter', () => {
    expect(adminUsersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, today: false, paid: false });
    expect(adminUsersQuerySchema.parse({ limit: '5', status: 'all', subscriptionType: 'pro', today: 'true' })).toEqual({
      page: 1,
      pageSize: 5,
      subscriptionType: 'pro',
      today: true,
      paid: false,
    });
    expect(adminUsersQuerySchema.safeParse({ status: 'asleep' }).success).toBe(false);
    // the dashboard's links: members only, paid accounts only
    expect(adminUsersQuerySchema.parse({ role: 'user', paid: 'true' })).toMatchObject({ role: 'user', paid: true });
    expect(adminUsersQuerySchema.parse({ role: 'all' }).role).toBeUndefined();
    expect(adminUsersQuerySchema.safeParse({ role: 'owner' }).success).toBe(false);
  });
});

describe('the file size message', () => {
  it('gives the size and the maximum', () => {
    expect(fileTooBigMessage(6.2 * 1024 * 1024)).toBe('file is too big (6.2 MB). The maximum is 5 MB.');
  });
});
