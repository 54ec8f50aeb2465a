import { z } from 'zod';
import { allOr, queryFlag, pageNumber } from '../list-query.ts';
import {
  ACCOUNT_MESSAGES as M,
  ADDRESS_MAX_LENGTH,
  ADMIN_PLANS,
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  RESET_TOKEN_MAX_LENGTH,
  ROLES,
  RESET_TOKEN_MIN_LENGTH,
  SUBSCRIPTION_TYPES,
  USER_STATUSES,
  USERS_PAGE_SIZE,
  WEBSITE_MAX_LENGTH,
} from './account-limits.ts';

/**
 * Account validation (spec 2 §5), one schema per form and request body. The web forms and the server parse the
 * same schemas, so both show the spec's messages. Each field reports exactly one message, and never by aborting
 * the parse (an aborted field would hide the other fields' errors and the password-match check).
 */

/** Lower-cased and trimmed: the form an email is stored, reserved and looked up in. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A required text field: empty gives `requiredMessage`, otherwise `check` names the one problem (or null). */
function field(requiredMessage: string, check: (value: string) => string | null, options: { trim?: boolean } = {}) {
  const base = z.string({ error: requiredMessage });
  return (options.trim === false ? base : base.trim()).superRefine((value, ctx) => {
    const message = value === '' ? requiredMessage : check(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

/** An optional text field: missing, null and blank all mean "none" (undefined); others are trimmed, then checked. */
const blankToUndefined = (value: unknown): unknown => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

function optional(typeMessage: string, check: (value: string) => string | null) {
  const schema = z.string({ error: typeMessage }).superRefine((value, ctx) => {
    const message = check(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
  return z.preprocess(blankToUndefined, schema.optional());
}

const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && z.regexes.email.test(value);

export const emailSchema = field(M.emailRequired, (value) => (isEmail(value) ? null : M.emailInvalid)).transform(normaliseEmail);

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
/** anything that is not a letter or a digit, a space included (as OWASP counts it) */
const SPECIAL = /[^\p{L}\p{N}]/u;

/**
 * What is wrong with a new password, as the message that says so, or null when it is acceptable. NIST SP 800-63B's
 * length (at least 8, up to 128 allowed) and the spec's own composition rule (a letter, a digit and a special
 * character), nothing more: no other composition rules, no expiry.
 */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return M.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return M.passwordTooLong;
  if (!LETTER.test(password)) return M.passwordNeedsLetter;
  if (!DIGIT.test(password)) return M.passwordNeedsDigit;
  if (!SPECIAL.test(password)) return M.passwordNeedsSpecial;
  return null;
}

export function isValidPassword(password: string): boolean {
  return passwordProblem(password) === null;
}

/** Never trimmed: a space is a legitimate password character. */
export const passwordSchema = field(M.required, passwordProblem, { trim: false });

/** Presence only (a confirmation, or an old password that may predate today's rules). */
const presentSchema = field(M.required, () => null, { trim: false });

export const nameSchema = field(M.required, (value) =>
  [...value].length >= NAME_MIN_LENGTH && [...value].length <= NAME_MAX_LENGTH ? null : M.valueInvalid,
);

export const phoneSchema = optional(M.phoneInvalid, (value) =>
  value.length >= PHONE_MIN_LENGTH && value.length <= PHONE_MAX_LENGTH ? null : M.phoneInvalid,
);

/** http(s) only (it is shown as a link); a bare `example.com` is read as `https://example.com`. */
export function normaliseWebsite(value: string): string | null {
  if (value.length > WEBSITE_MAX_LENGTH) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url.toString();
  } catch {
    return null;
  }
}

export const websiteSchema = optional(M.urlInvalid, (value) => (normaliseWebsite(value) === null ? M.urlInvalid : null)).transform((value) =>
  value === undefined ? undefined : (normaliseWebsite(value) ?? value),
);

export const addressSchema = optional(M.valueInvalid, (value) => (value.length <= ADDRESS_MAX_LENGTH ? null : M.valueInvalid));
export const requiredAddressSchema = field(M.required, (value) => (value.length <= ADDRESS_MAX_LENGTH ? null : M.valueInvalid));

export const languageSchema = z.enum(LANGUAGES, { error: M.valueInvalid });

/** A password reset token as it appears in a link: at least 32 letters or digits, else the link is not valid. */
export const resetTokenSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9]{${RESET_TOKEN_MIN_LENGTH},${RESET_TOKEN_MAX_LENGTH}}$`), M.linkInvalid);

/** Same shape as reset tokens: the activation hash of `/users/activate/{email}/{hash}`. */
export const activationHashSchema = resetTokenSchema;

const passwordsMatch =
  (password: string, confirmation: string) =>
  (value: Record<string, unknown>): boolean =>
    value[password] === value[confirmation];

/** Runs the match check whenever both values are strings, so it shows beside the other fields' errors. */
const bothStrings = (a: string, b: string) => (payload: { value: unknown }) => {
  const value = payload.value as Record<string, unknown> | null;
  return typeof value?.[a] === 'string' && typeof value[b] === 'string';
};

// ---- request bodies and forms ----

/** POST /api/users and the signup form. */
export const signupBodySchema = z
  .strictObject({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: presentSchema,
    name: nameSchema,
    companyName: nameSchema,
    companyAddress: addressSchema,
    companyPhone: phoneSchema,
    companyWebsite: websiteSchema,
    /** the interface language at signup; Korean when absent */
    language: languageSchema.optional(),
    /**
     * Consent to the terms of service and the privacy policy. Not in spec 2's body, so a client written from the
     * spec may leave it out; the web always sends it (its form requires the box ticked) and `true` is recorded on
     * the account. `false` is a refusal.
     */
    agreeToTerms: z.literal(true, { error: M.termsRequired }).optional(),
  })
  .refine(passwordsMatch('password', 'confirmPassword'), {
    path: ['confirmPassword'],
    error: M.signupPasswordMismatch,
    when: bothStrings('password', 'confirmPassword'),
  });
export type SignupBody = z.input<typeof signupBodySchema>;
export type Signup = z.output<typeof signupBodySchema>;

/** The login form (the request itself is HTTP Basic). Only presence is checked: any policy may have changed. */
export const loginFormSchema = z.strictObject({
  email: emailSchema,
  password: presentSchema,
});

/**
 * PUT /api/users/{id} and the profile form. The spec's client sends the whole user object back, so unknown keys
 * (id, role, subscription…) are dropped, never applied; `email` is checked by the route (it may not change).
 * `website` is the admin view's name for `companyWebsite` and is read when `companyWebsite` is absent.
 */
/**
 * `PUT users/{id}` with only a language: the language switch saves the choice without resending the profile
 * (an account made at signup may lack the address the profile form requires).
 */
export const languageUpdateBodySchema = z.strictObject({ language: languageSchema });

export const profileUpdateBodySchema = z
  .preprocess(
    (input) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
      const body = input as Record<string, unknown>;
      return 'companyWebsite' in body || !('website' in body) ? body : { ...body, companyWebsite: body.website };
    },
    z.object({
      name: nameSchema,
      companyName: nameSchema,
      companyAddress: requiredAddressSchema,
      companyPhone: phoneSchema,
      companyWebsite: websiteSchema,
      mobile: phoneSchema,
      language: languageSchema.optional(),
      email: z.string().optional(),
    }),
  );
export type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;

/** PUT /api/users/{id}/password: the new password (the old one travels as HTTP Basic credentials). */
export const changePasswordBodySchema = z.strictObject({ password: passwordSchema });

/** The change-password form: old, new and confirmation (checked on the client only, as the spec says). */
export const changePasswordFormSchema = z
  .strictObject({
    oldPassword: presentSchema,
    newPassword: passwordSchema,
    confirmPassword: presentSchema,
  })
  .refine(passwordsMatch('newPassword', 'confirmPassword'), {
    path: ['confirmPassword'],
    error: M.changePasswordMismatch,
    when: bothStrings('newPassword', 'confirmPassword'),
  });

/** POST /api/password-resets and the forgot-password panel. `link` is the reset page's address. */
export const passwordResetRequestBodySchema = z.strictObject({
  email: field(M.forgotEmailRequired, (value) => (isEmail(value) ? null : M.emailInvalid)).transform(normaliseEmail),
  link: z.string().trim().max(WEBSITE_MAX_LENGTH).optional(),
});

/** PUT /api/password-resets/{token}. */
export const resetPasswordBodySchema = z.strictObject({ password: passwordSchema });

/** The reset-password screen: new password and its confirmation. */
export const resetPasswordFormSchema = z
  .strictObject({
    password: passwordSchema,
    confirmPassword: presentSchema,
  })
  .refine(passwordsMatch('password', 'confirmPassword'), {
    path: ['confirmPassword'],
    error: M.changePasswordMismatch,
    when: bothStrings('password', 'confirmPassword'),
  });

/** The resend-verification panel. */
export const resendVerificationFormSchema = z.strictObject({ email: emailSchema });

/** POST /api/auth/kakao. */
export const kakaoAuthBodySchema = z.strictObject({
  accessToken: field(M.required, (value) => (value.length <= 4096 ? null : M.valueInvalid)),
});

/** The path Kakao's login page sends the browser back to (the Kakao app's registered Redirect URI on this site). */
export const KAKAO_SIGN_IN_RETURN_PATH = '/login/kakao';
export const KAKAO_REDIRECT_URI_MESSAGE = `redirectUri must be this site's ${KAKAO_SIGN_IN_RETURN_PATH} address`;

/** POST /api/auth/kakao/code: the code Kakao's login page handed back, and the address it was handed to. */
export const kakaoCodeBodySchema = z.strictObject({
  code: field(M.required, (value) => (value.length <= 2048 ? null : M.valueInvalid)),
  redirectUri: field(M.required, (value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return KAKAO_REDIRECT_URI_MESSAGE;
    }
    if (value.length > 2048) return KAKAO_REDIRECT_URI_MESSAGE;
    const plain = url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === KAKAO_SIGN_IN_RETURN_PATH && plain ? null : KAKAO_REDIRECT_URI_MESSAGE;
  }),
});
export type KakaoCodeBody = z.infer<typeof kakaoCodeBodySchema>;

/** PATCH /api/users/{userId} (administrators): hide or unhide. */
export const adminUserPatchBodySchema = z.strictObject({ isHidden: z.boolean({ error: 'isHidden must be true or false' }) });

/** Administrator subscription actions (spec 2 §7, spec 3 §7): the customer is a user id. */
const customerUidSchema = z.string({ error: 'customerUid is required' }).trim().min(1, 'customerUid is required').max(200);
export const adminCustomerBodySchema = z.strictObject({ customerUid: customerUidSchema });
export const adminSubscribeBodySchema = z.strictObject({
  customerUid: customerUidSchema,
  plan: z.enum(ADMIN_PLANS, { error: `plan must be one of ${ADMIN_PLANS.join(', ')}` }).default('standard'),
});
export const adminChangePlanBodySchema = z.strictObject({
  customerUid: customerUidSchema,
  plan: z.enum(ADMIN_PLANS, { error: `plan must be one of ${ADMIN_PLANS.join(', ')}` }),
});

/** GET /api/users (administrators). `limit` is accepted as the spec's other name for `pageSize`. */
export const adminUsersQuerySchema = z
  .object({
    page: pageNumber,
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    search: z.string().trim().max(200).optional(),
    subscriptionType: allOr(SUBSCRIPTION_TYPES),
    status: allOr(USER_STATUSES),
    /** `user`: members only, as the dashboard counts them (administrators are never members) */
    role: allOr(ROLES),
    /** on any paid plan (the dashboard's paid accounts) */
    paid: queryFlag,
    today: queryFlag,
  })
  .transform(({ limit, pageSize, ...rest }) => ({ ...rest, pageSize: pageSize ?? limit ?? USERS_PAGE_SIZE }));
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
