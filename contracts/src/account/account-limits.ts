/**
 * Account business constants (spec 2 §5 and §9). The server and the web read them from here, so a limit is
 * defined once.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** NIST SP 800-63B: at least 64 characters must be allowed (scrypt has no 72-byte limit as bcrypt does). */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MIN_LENGTH = 10;
/** not in the spec: a bound so a field cannot carry a document */
export const PHONE_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;
export const ADDRESS_MAX_LENGTH = 300;
export const WEBSITE_MAX_LENGTH = 2048;
export const RESET_TOKEN_MIN_LENGTH = 32;
export const RESET_TOKEN_MAX_LENGTH = 256;

/** A new account is on the free plan until registration + 14 days (the trial's expiresAt). */
export const TRIAL_DAYS = 14;
/** The spec does not give a lifetime for reset links; one hour is the usual OWASP advice. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** The stored portrait is scaled to fit this square (never enlarged). */
export const PROFILE_IMAGE_SIZE = 512;

export const LANGUAGES = ['kr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'kr';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Spec: any role other than user counts as administrator. */
export const isAdminRole = (role: string): boolean => role !== 'user';

export const SUBSCRIPTION_TYPES = ['free', 'mini', 'standard', 'pro', 'business', 'enterprise', 'onemonth'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
/** Every subscription type but the free trial. */
export const PAID_PLANS = ['mini', 'standard', 'pro', 'business', 'enterprise', 'onemonth'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
/** What an administrator may subscribe a user to or change a plan to (spec 3 §2.6 offers standard, pro, business). */
export const ADMIN_PLANS = ['standard', 'pro', 'business'] as const;
export const BILLING_CYCLES = ['month', 'year'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Admin list status filter and the label it shows (spec 3 §2.6: hidden, then active, then not confirmed). */
export const USER_STATUSES = ['active', 'inactive', 'hidden'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USERS_PAGE_SIZE = 10;

/**
 * "Today" in the admin lists is the calendar day in Korea (UTC+9, no daylight saving), where the product is
 * sold, whatever the server's time zone.
 */
export const REPORTING_UTC_OFFSET_MINUTES = 9 * 60;

/** The spec's texts, word for word, so server answers and web forms show the same ones. */
export const ACCOUNT_MESSAGES = {
  required: 'Required Field',
  emailRequired: 'Email is required',
  emailInvalid: 'It is not a valid Email',
  forgotEmailRequired: 'Please enter email',
  passwordInvalid: 'Not a valid password',
  passwordHint: '8 to 128 characters with a letter, a number and a special character',
  // What exactly is wrong with a refused password (issue 22), one rule each
  passwordTooShort: 'Not a valid password: use at least 8 characters',
  passwordTooLong: 'Not a valid password: use at most 128 characters',
  passwordNeedsLetter: 'Not a valid password: add a letter',
  passwordNeedsDigit: 'Not a valid password: add a number',
  passwordNeedsSpecial:
    'Not a valid password: add a special character (anything but a letter or a number, a space too)',
  signupPasswordMismatch: 'Password and Confirm Password do not match',
  changePasswordMismatch: 'Passwords do not match',
  valueInvalid: 'Not a valid value',
  phoneInvalid: 'Not a valid phone number',
  urlInvalid: 'Not a valid url',
  emailTaken: 'Email already taken',
  badCredentials: 'Please Check Your Email And Password',
  notVerified: 'Your email is not verified yet. Please check your email box to complete confirm process.',
  verificationResent: 'We have sent you a new verification code',
  resetRequested: 'We have just sent password reset link to your email address',
  linkInvalid: 'This link is no longer valid',
  passwordReset: 'Password has been reset',
  profileUpdated: 'Updated Profile',
  passwordChanged: 'Changed Password',
  emailReadOnly: 'Email cannot be changed',
  accountHidden: 'This account has been suspended. Please contact the administrator.',
  activationInvalid: 'This activation link is not valid',
  fileTooBig: 'file is too big',
  imageTypeInvalid: 'Only jpg, png and gif images are allowed',
  oneFile: 'Send exactly one image file',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  /** not in the spec: signing up needs consent to the terms of service and the privacy policy (/terms, /privacy) */
  termsRequired: 'Please agree to the Terms of Service and Privacy Policy',
} as const;

/** The subscription rules' texts (spec 2 §5 word for word, then this server's own two). */
export const SUBSCRIPTION_MESSAGES = {
  oneMonthForSubscribed: 'Subscribed user is not allowed to purchase one month plan',
  oneMonthUnsubscribe: 'One month subscription is not allowed to unsubscribe',
  alreadySubscribed: 'This user already has a subscription; change its plan instead',
  notSubscribed: 'This user has no subscription',
} as const;

/** "file is too big (6.2 MB). The maximum is 5 MB." (the size always with one decimal, so 5.0 reads as over 5) */
export function fileTooBigMessage(sizeBytes: number, maxBytes: number = PROFILE_IMAGE_MAX_BYTES): string {
  const mb = (bytes: number) => bytes / (1024 * 1024);
  return `${ACCOUNT_MESSAGES.fileTooBig} (${mb(sizeBytes).toFixed(1)} MB). The maximum is ${Number(mb(maxBytes).toFixed(1))} MB.`;
}

/**
 * Who may publish (spec 1 §4, spec 2 §4): an administrator, a subscriber, or someone whose paid plan was
 * unsubscribed but still runs to its end. The free trial does not publish.
 */
export function canPublish(
  user: { role: string; subscription: boolean; subscriptionType: SubscriptionType; expiresAt: string },
  now: Date,
): boolean {
  if (isAdminRole(user.role) || user.subscription) return true;
  return user.subscriptionType !== 'free' && Date.parse(user.expiresAt) > now.getTime();
}
